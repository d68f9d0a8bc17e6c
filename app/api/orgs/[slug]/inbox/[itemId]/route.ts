import { findInboxItem, inboxItemWire } from "@/lib/db/inbox-items";
import { inboxItemDetailSchema } from "@/lib/schemas/inbox-page";
import { capabilityToken, capabilityUrl, linkExpiry } from "@/lib/server/inbox/capability-link";
import { notFound } from "@/lib/server/http/app-error";
import { appOrigin } from "@/lib/server/http/same-origin";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** GET /api/orgs/{slug}/inbox/{itemId}: the item and its capability link (on APP_URL, else the origin this request came to). */
export const GET = memberRoute<{ slug: string; itemId: string }>({ ids: { itemId: "This inbox item" } })(
  {},
  async (ctx, { params, request }) => {
    const row = await findInboxItem(ctx, params.itemId);
    if (!row) throw notFound("This inbox item");
    const expiresAt = linkExpiry(row);
    const url = capabilityUrl(capabilityToken(row.publicId, expiresAt), appOrigin(request));
    return json(
      inboxItemDetailSchema.parse({ item: inboxItemWire(row), capability_url: url, capability_url_expires_at: expiresAt.toISOString() }),
    );
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
