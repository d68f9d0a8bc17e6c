import { deletePendingAttachment } from "@/lib/db/attachments";
import type { TenantContext } from "@/lib/db/tenant-context";
import { configuredObjectStore } from "./configured-store";

/**
 * The uploader removes a pending file: the row first, then its object (a failed object delete
 * leaves an object without a row, which the sweep removes; never a row without its object).
 * False when it was not their pending file.
 */
export async function removePendingAttachment(ctx: Pick<TenantContext, "organizationId" | "userId">, id: string): Promise<boolean> {
  const deleted = await deletePendingAttachment(ctx, id);
  if (!deleted) return false;
  if (deleted.storageKey) await configuredObjectStore()?.delete([deleted.storageKey]);
  return true;
}
