import { INBOX_RESPONSE_MAX_BYTES, inboxResolveBodySchema, inboxResolveResultSchema } from "@/lib/schemas/v1-inbox";
import { resolveInboxItem } from "@/lib/server/inbox/resolve-item";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { apiKeyRoute } from "@/lib/server/http/route-builders";

/** POST /api/v1/inbox/{id}/resolve {response}: first answer wins (same again 200, another 409, off-schema 422). */
export const POST = apiKeyRoute<{ id: string }>({ scopes: ["inbox:write"], ids: { id: "This inbox item" } })(
  { body: inboxResolveBodySchema, maxBodyBytes: INBOX_RESPONSE_MAX_BYTES },
  async (ctx, { params, body }) => {
    const result = await resolveInboxItem(ctx, params.id, body.response, { kind: "api_key", id: ctx.actor.keyId, name: ctx.actor.name });
    return json(inboxResolveResultSchema.parse(result));
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
