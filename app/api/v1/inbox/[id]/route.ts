import { findInboxItem, inboxItemWire } from "@/lib/db/inbox-items";
import { v1InboxItemSchema } from "@/lib/schemas/v1-inbox";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { apiKeyRoute } from "@/lib/server/http/route-builders";

/** GET /api/v1/inbox/{id}: one item of the key's organization; another organization's is 404. */
export const GET = apiKeyRoute<{ id: string }>({ scopes: ["inbox:read"], ids: { id: "This inbox item" } })({}, async (ctx, { params }) => {
  const row = await findInboxItem(ctx, params.id);
  if (!row) throw notFound("This inbox item");
  return json({ item: v1InboxItemSchema.parse(inboxItemWire(row)) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
