import { resendWebhookDelivery } from "@/lib/db/webhook-deliveries";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

const DELIVERY = "This delivery";

/** A new delivery of the same event (the same `webhook-id`, so receivers de-duplicate), due now. */
export const POST = memberRoute<{ slug: string; endpointId: string; deliveryId: string }>({
  minRole: "admin",
  ids: { endpointId: "This webhook endpoint", deliveryId: DELIVERY },
})({}, async (ctx, { params }) => {
  const delivery = await resendWebhookDelivery(ctx, params.endpointId, params.deliveryId);
  if (!delivery) throw notFound(DELIVERY);
  return json({ delivery_id: delivery.id, event_id: delivery.eventId }, 202);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
