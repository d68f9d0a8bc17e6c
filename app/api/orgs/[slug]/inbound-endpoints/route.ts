import { createInboundEndpoint, listInboundEndpoints } from "@/lib/db/inbound-endpoints";
import { createInboundEndpointSchema, inboundEndpointListSchema, inboundEndpointWithSecretSchema } from "@/lib/schemas/inbound-endpoints";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { inboundEndpointView, issueInboundCredential } from "@/lib/server/webhooks/inbound/endpoint-view";

export const GET = memberRoute({ minRole: "admin" })({}, async (ctx, { request }) =>
  json(inboundEndpointListSchema.parse({ endpoints: (await listInboundEndpoints(ctx)).map((row) => inboundEndpointView(row, request)) })),
);

/** Creates an endpoint: the answer carries its secret (or bearer token) this once; it is stored sealed or hashed. */
export const POST = memberRoute({ minRole: "admin" })({ body: createInboundEndpointSchema }, async (ctx, { body, request }) => {
  const credential = issueInboundCredential(body.authKind, ctx.organizationId);
  const created = await createInboundEndpoint(ctx, { ...body, responsePath: body.responsePath ?? null }, credential.store, ctx.ip);
  return json(inboundEndpointWithSecretSchema.parse({ endpoint: inboundEndpointView(created, request), secret: credential.secret }), 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
