import { cancelInboxItem as cancelInboxItemRow } from "@/lib/db/inbox-cancel";
import { inboxItemWire } from "@/lib/db/inbox-items";
import type { TenantContext } from "@/lib/db/tenant-context";
import { conflict, notFound } from "@/lib/server/http/app-error";
import { memberResolver } from "./member-resolver";
import { afterInboxItemSettled } from "./resolve-item";

/**
 * A member withdraws a pending item (owners and admins; the route checks): cancelled with them as its
 * resolver, audited, then settled like an answer, so the agent reads "cancelled by ..." and a blocking
 * item's conversation continues. An item already settled is a 409 carrying it as it is.
 */
export async function cancelInboxItem(ctx: TenantContext, publicId: string, reason: string | null, ip: string | null) {
  const outcome = await cancelInboxItemRow(ctx, publicId, await memberResolver(ctx.userId), reason, ip);
  if (outcome.kind === "not_found") throw notFound("This inbox item");
  if (outcome.kind === "not_pending")
    throw conflict(`This inbox item is ${outcome.row.status}: only a pending item can be cancelled.`, { item: inboxItemWire(outcome.row) });
  await afterInboxItemSettled(ctx, outcome.row);
  return outcome.row;
}
