import { rotateWebhookSecret } from "@/lib/db/webhook-endpoints";
import { webhookEndpointWithSecretSchema } from "@/lib/schemas/webhook-endpoints";
import { serverEnv } from "@/lib/server/env";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { newSealedSecret } from "@/lib/server/webhooks/outbound/secrets";
import { endpointView } from "@/lib/server/webhooks/outbound/views";

const ENDPOINT = "This webhook endpoint";

/** A new secret, shown this once; the previous one keeps signing (a second signature) for the grace period. */
export const POST = memberRoute<{ slug: string; endpointId: string }>({ minRole: "admin", ids: { endpointId: ENDPOINT } })(
  {},
  async (ctx, { params }) => {
    const { secret, seal } = newSealedSecret(ctx.organizationId);
    const graceMs = serverEnv().WEBHOOK_SECRET_ROTATION_GRACE_HOURS * 3_600_000;
    const row = await rotateWebhookSecret(ctx, params.endpointId, seal, graceMs, ctx.ip);
    if (!row) throw notFound(ENDPOINT);
    return json(webhookEndpointWithSecretSchema.parse({ endpoint: endpointView(row), secret }));
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
