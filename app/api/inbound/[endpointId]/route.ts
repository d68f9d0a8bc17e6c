import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { publicRoute } from "@/lib/server/http/route-builders";
import { receiveInboundEvent } from "@/lib/server/webhooks/inbound/receive";

/**
 * Where other systems POST events that resolve inbox items (docs/webhooks.md, "Inbound"). No session:
 * the endpoint's secret or token is the sender's proof; the raw body is read by the receiver itself,
 * once, because signatures are over its exact bytes.
 */
export const POST = publicRoute({}, async (ctx, { request, params }) => {
  const answer = await receiveInboundEvent((params as { endpointId: string }).endpointId, request, ctx.ip);
  return json(answer.receipt, answer.status);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
