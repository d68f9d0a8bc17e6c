import { existingStorageKeys } from "@/lib/db/attachments";
import { configuredObjectStore } from "./configured-store";
import type { ObjectStore } from "./object-store";

/**
 * Keeps the bucket in step with the Attachment rows, after the retention purge (jobs/purge-conversations.ts).
 *
 * The one rule: an object is deleted only when no row names its key. Rows are written after their
 * object is put and are the only thing that names a key (a branch's copy of a file names the same
 * key, so its object stays while either row does). Two cases:
 * - `removedKeys`, the keys of rows the purge just deleted: deleted at once unless a row still names them.
 * - everything else in the bucket without a row (an upload whose row never committed, a delete that
 *   failed, a temporary conversation deleted at once): deleted once older than `ORPHAN_GRACE_MS`,
 *   far longer than an upload takes from its put to its row's commit, so an upload in flight is never swept.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;
const PAGE = 500;

async function deleteUnreferenced(objects: ObjectStore, keys: string[]): Promise<number> {
  const live = await existingStorageKeys(keys);
  const dead = keys.filter((key) => !live.has(key));
  await objects.delete(dead);
  return dead.length;
}

export async function sweepAttachmentObjects(removedKeys: string[], now = new Date()): Promise<number> {
  const objects = configuredObjectStore();
  if (!objects) return 0;
  let deleted = 0;
  for (let start = 0; start < removedKeys.length; start += PAGE) {
    deleted += await deleteUnreferenced(objects, removedKeys.slice(start, start + PAGE));
  }
  const olderThan = now.getTime() - ORPHAN_GRACE_MS;
  let page: string[] = [];
  for await (const object of objects.list()) {
    if (object.lastModified.getTime() >= olderThan) continue;
    page.push(object.key);
    if (page.length === PAGE) {
      deleted += await deleteUnreferenced(objects, page);
      page = [];
    }
  }
  return deleted + (page.length > 0 ? await deleteUnreferenced(objects, page) : 0);
}
