import { createTestDelivery } from "@/lib/db/webhook-deliveries";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

const ENDPOINT = "This webhook endpoint";
const TEST_EVENT_MESSAGE = "A test event from Handoff. If you can read this, the endpoint receives and verifies deliveries.";

/** Sends a `webhook.test` event to this endpoint only; the answer names its delivery (see the delivery log). */
export const POST = memberRoute<{ slug: string; endpointId: string }>({ minRole: "admin", ids: { endpointId: ENDPOINT } })(
  {},
  async (ctx, { params }) => {
    const delivery = await createTestDelivery(ctx, params.endpointId, TEST_EVENT_MESSAGE);
    if (!delivery) throw notFound(ENDPOINT);
    return json({ delivery_id: delivery.id, event_id: delivery.eventId }, 202);
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
