import { deleteWebhookEndpoint, findWebhookEndpoint, updateWebhookEndpoint } from "@/lib/db/webhook-endpoints";
import { updateWebhookEndpointSchema, webhookEndpointViewSchema } from "@/lib/schemas/webhook-endpoints";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { assertDeliverableUrl } from "@/lib/server/webhooks/outbound/endpoint-url";
import { endpointView } from "@/lib/server/webhooks/outbound/views";

type Params = { slug: string; endpointId: string };
const ENDPOINT = "This webhook endpoint";
const admin = memberRoute<Params>({ minRole: "admin", ids: { endpointId: ENDPOINT } });

export const GET = admin({}, async (ctx, { params }) => {
  const row = await findWebhookEndpoint(ctx, params.endpointId);
  if (!row) throw notFound(ENDPOINT);
  return json({ endpoint: webhookEndpointViewSchema.parse(endpointView(row)) });
});

/** Changes the URL (checked again), description, event types or enabled; disabling stops its pending deliveries. */
export const PATCH = admin({ body: updateWebhookEndpointSchema }, async (ctx, { params, body }) => {
  const url = body.url === undefined ? undefined : await assertDeliverableUrl(body.url);
  const row = await updateWebhookEndpoint(
    ctx,
    params.endpointId,
    {
      ...(url !== undefined && { url }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.event_types !== undefined && { eventTypes: body.event_types }),
      ...(body.enabled !== undefined && { enabled: body.enabled }),
    },
    ctx.ip,
  );
  if (!row) throw notFound(ENDPOINT);
  return json({ endpoint: webhookEndpointViewSchema.parse(endpointView(row)) });
});

export const DELETE = admin({}, async (ctx, { params }) => {
  if (!(await deleteWebhookEndpoint(ctx, params.endpointId, ctx.ip))) throw notFound(ENDPOINT);
  return new Response(null, { status: 204 });
});

export const { POST, PUT, OPTIONS } = methodNotAllowed("GET", "PATCH", "DELETE");
