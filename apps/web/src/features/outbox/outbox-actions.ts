import { discardUpload } from './api/send-with-tus.ts';
import { getOutboxItem, removeOutboxItem, updateOutboxItem } from './outbox-store.ts';

/** Stops sending an item until the person resumes it; the server keeps what it has. */
export async function pauseOutboxItem(id: string): Promise<void> {
  await updateOutboxItem(id, { type: 'pause' });
}

/** Sends a paused or failed item again, from the server's offset. */
export async function retryOutboxItem(id: string): Promise<void> {
  await updateOutboxItem(id, { type: 'retry' });
}

/** Drops the item from this browser and its partial upload from the server. */
export async function cancelOutboxItem(id: string): Promise<void> {
  const item = await getOutboxItem(id);
  if (!item) return;
  await removeOutboxItem(id);
  if (item.uploadUrl) await discardUpload(item.uploadUrl);
}
