import { listWebhookDeliveries } from "@/lib/db/webhook-deliveries";
import { webhookDeliveryListQuerySchema, webhookDeliveryListSchema } from "@/lib/schemas/webhook-endpoints";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { deliveryView } from "@/lib/server/webhooks/outbound/views";

const ENDPOINT = "This webhook endpoint";

/** The endpoint's deliveries, newest first, each with its attempts; `next_cursor` pages on. */
export const GET = memberRoute<{ slug: string; endpointId: string }>({ minRole: "admin", ids: { endpointId: ENDPOINT } })(
  {},
  async (ctx, { params, request }) => {
    const query = parseWith(webhookDeliveryListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const page = await listWebhookDeliveries(ctx, params.endpointId, query);
    if (!page) throw notFound(ENDPOINT);
    return json(webhookDeliveryListSchema.parse({ deliveries: page.deliveries.map(deliveryView), next_cursor: page.nextCursor }));
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
