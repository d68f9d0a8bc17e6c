import { revokeApiKey } from "@/lib/db/api-keys";
import { apiKeyViewSchema } from "@/lib/schemas/api-keys";
import { apiKeyView } from "@/lib/server/api-keys/view";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** Revokes a key (audited once; revoking it again answers the same key unchanged). */
export const DELETE = memberRoute<{ slug: string; id: string }>({ minRole: "admin", ids: { id: "This API key" } })(
  {},
  async (ctx, { params }) => {
    const revoked = await revokeApiKey(ctx, params.id, ctx.ip);
    if (!revoked) throw notFound("This API key");
    return json({ key: apiKeyViewSchema.parse(apiKeyView(revoked)) });
  },
);

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed("DELETE");
