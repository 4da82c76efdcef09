import { useOnline } from '../../../hooks/use-online.ts';
import { useUnloadWarning } from '../../../hooks/use-unload-warning.ts';
import { leavingStopsUploads } from '../utils/outbox-item.ts';
import { useOutboxItems } from './use-outbox.ts';

/** While the outbox is sending (on any page), closing or reloading the tab asks first. */
export function useOutboxLeaveWarning(): void {
  useUnloadWarning(leavingStopsUploads(useOutboxItems(), useOnline()));
}
