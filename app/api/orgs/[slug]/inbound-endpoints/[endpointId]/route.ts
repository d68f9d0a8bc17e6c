import { deleteInboundEndpoint, findInboundEndpoint, updateInboundEndpoint } from "@/lib/db/inbound-endpoints";
import { inboundEndpointViewSchema, updateInboundEndpointSchema } from "@/lib/schemas/inbound-endpoints";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { inboundEndpointView } from "@/lib/server/webhooks/inbound/endpoint-view";

type Params = { slug: string; endpointId: string };
const admin = memberRoute<Params>({ minRole: "admin", ids: { endpointId: "This inbound endpoint" } });

export const GET = admin({}, async (ctx, { params, request }) => {
  const row = await findInboundEndpoint(ctx, params.endpointId);
  if (!row) throw notFound("This inbound endpoint");
  return json({ endpoint: inboundEndpointViewSchema.parse(inboundEndpointView(row, request)) });
});

/** Changes the name, tags, match rule, window or enabled (a disabled endpoint answers its senders 404). */
export const PATCH = admin({ body: updateInboundEndpointSchema }, async (ctx, { params, body, request }) => {
  const row = await updateInboundEndpoint(ctx, params.endpointId, body, ctx.ip);
  if (!row) throw notFound("This inbound endpoint");
  return json({ endpoint: inboundEndpointViewSchema.parse(inboundEndpointView(row, request)) });
});

/** Deletes the endpoint and its event log; items it resolved stay resolved. */
export const DELETE = admin({}, async (ctx, { params }) => {
  if (!(await deleteInboundEndpoint(ctx, params.endpointId, ctx.ip))) throw notFound("This inbound endpoint");
  return json({ deleted: true });
});

export const { POST, PUT, OPTIONS } = methodNotAllowed("GET", "PATCH", "DELETE");
