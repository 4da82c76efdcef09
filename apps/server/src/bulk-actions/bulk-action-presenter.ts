import type { BulkActionResult } from '@voxpad/shared/bulk-actions';
import { presentRetranscription } from '../jobs/retranscription-batch.ts';
import type { BulkOutcome } from './bulk-actions-service.ts';

/** The answer to POST voicenote/bulk/, and its status: 202 when work was queued. */
export function presentBulkOutcome(outcome: BulkOutcome): { status: 200 | 202; body: BulkActionResult } {
  switch (outcome.action) {
    case 'move':
      return { status: 200, body: { action: 'move', moved: outcome.moved, pad_id: outcome.padId } };
    case 'tag':
      return { status: 200, body: { action: 'tag', tagged: outcome.tagged } };
    case 'untag':
      return { status: 200, body: { action: 'untag', untagged: outcome.untagged } };
    case 'retranscribe':
      return { status: 202, body: { action: 'retranscribe', ...presentRetranscription(outcome) } };
    case 'delete':
      return {
        status: 200,
        body: {
          action: 'delete',
          deleted: outcome.deleted,
          restorable_until: new Date(outcome.restorableUntil).toISOString(),
        },
      };
    case 'restore':
      return { status: 200, body: { action: 'restore', restored: outcome.restored } };
  }
}
