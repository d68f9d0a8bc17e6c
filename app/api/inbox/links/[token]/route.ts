import { inboxItemWire } from "@/lib/db/inbox-items";
import { inboxLinkViewSchema } from "@/lib/schemas/inbox-page";
import { INBOX_RESPONSE_MAX_BYTES, inboxResolveBodySchema, inboxResolveResultSchema } from "@/lib/schemas/v1-inbox";
import { LINK_POSTS_PER_IP, openLink } from "@/lib/server/inbox/link-access";
import { resolveInboxItem } from "@/lib/server/inbox/resolve-item";
import { withIdempotency } from "@/lib/server/http/idempotency";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { publicRoute } from "@/lib/server/http/route-builders";
import { enforce } from "@/lib/server/rate-limit";

/** GET /api/inbox/links/{token}: what the item asks (no cookie, no key: the signed link is the authority). */
export const GET = publicRoute({}, async (_ctx, { params }) => {
  const link = await openLink(params.token);
  if (!link.ok) return link.response;
  const { id, tag, request, blocking, status, response_schema, expires_at } = inboxItemWire(link.row);
  return json(
    inboxLinkViewSchema.parse({
      item: { id, tag, request, blocking, status, response_schema, expires_at },
      link_expires_at: link.linkExpiresAt.toISOString(),
    }),
  );
});

/** POST /api/inbox/links/{token} {response}: resolves the one item the link names; first answer wins, as on every path; Idempotency-Key honoured. */
export const POST = publicRoute(
  { body: inboxResolveBodySchema, maxBodyBytes: INBOX_RESPONSE_MAX_BYTES },
  async (ctx, { request, params, body }) => {
    await enforce(LINK_POSTS_PER_IP, ctx.ip, "answers through inbox links from your network");
    const link = await openLink(params.token);
    if (!link.ok) return link.response;
    const { organizationId, publicId } = link.row;
    return withIdempotency(
      { principalId: `link:${publicId}`, organizationId },
      request,
      "POST /api/inbox/links/{token}",
      body,
      async () => {
        const result = await resolveInboxItem({ organizationId }, publicId, body.response, {
          kind: "capability_link",
          id: null,
          name: null,
        });
        return { status: 200, body: inboxResolveResultSchema.parse(result) };
      },
    );
  },
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
