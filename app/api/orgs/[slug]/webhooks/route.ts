import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/db/webhook-endpoints";
import { createWebhookEndpointSchema, webhookEndpointListSchema, webhookEndpointWithSecretSchema } from "@/lib/schemas/webhook-endpoints";
import { createWithinPlan } from "@/lib/server/billing/place-limits";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { assertDeliverableUrl } from "@/lib/server/webhooks/outbound/endpoint-url";
import { newSealedSecret } from "@/lib/server/webhooks/outbound/secrets";
import { endpointView } from "@/lib/server/webhooks/outbound/views";

export const GET = memberRoute({ minRole: "admin" })({}, async (ctx) =>
  json(webhookEndpointListSchema.parse({ endpoints: (await listWebhookEndpoints(ctx)).map(endpointView) })),
);

/** Adds an endpoint: the answer carries its signing secret this once; it is stored sealed. 402 at the plan's limit. */
export const POST = memberRoute({ minRole: "admin" })({ body: createWebhookEndpointSchema }, async (ctx, { body }) => {
  const url = await assertDeliverableUrl(body.url);
  const { secret, seal } = newSealedSecret(ctx.organizationId);
  const row = await createWithinPlan(ctx, "webhookEndpoints", (place) =>
    createWebhookEndpoint(
      ctx,
      { url, description: body.description, eventTypes: body.event_types, enabled: body.enabled },
      seal,
      ctx.ip,
      place,
    ),
  );
  return json(webhookEndpointWithSecretSchema.parse({ endpoint: endpointView(row), secret }), 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
