import { findInboundEndpoint, rotateInboundEndpointCredential } from "@/lib/db/inbound-endpoints";
import { inboundEndpointWithSecretSchema, type InboundAuthKind } from "@/lib/schemas/inbound-endpoints";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { inboundEndpointView, issueInboundCredential } from "@/lib/server/webhooks/inbound/endpoint-view";

/** A new secret (or bearer token), shown this once; the old one stops verifying at once. */
export const POST = memberRoute<{ slug: string; endpointId: string }>({ minRole: "admin", ids: { endpointId: "This inbound endpoint" } })(
  {},
  async (ctx, { params, request }) => {
    const current = await findInboundEndpoint(ctx, params.endpointId);
    if (!current) throw notFound("This inbound endpoint");
    const credential = issueInboundCredential(current.authKind as InboundAuthKind, ctx.organizationId);
    const row = await rotateInboundEndpointCredential(ctx, params.endpointId, credential.store, ctx.ip);
    if (!row) throw notFound("This inbound endpoint");
    return json(inboundEndpointWithSecretSchema.parse({ endpoint: inboundEndpointView(row, request), secret: credential.secret }));
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
