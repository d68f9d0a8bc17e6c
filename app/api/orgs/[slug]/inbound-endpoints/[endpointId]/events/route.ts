import { z } from "zod";
import { findInboundEndpoint } from "@/lib/db/inbound-endpoints";
import { listInboundEvents } from "@/lib/db/inbound-events";
import { INBOUND_EVENTS_PAGE_SIZE, inboundEventListSchema } from "@/lib/schemas/inbound-endpoints";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { inboundEventView } from "@/lib/server/webhooks/inbound/endpoint-view";

const querySchema = z.object({
  cursor: z.string().max(200, "Use the nextCursor of the previous page.").optional(),
});

/** The endpoint's event log, newest first; `nextCursor` pages on. */
export const GET = memberRoute<{ slug: string; endpointId: string }>({ minRole: "admin", ids: { endpointId: "This inbound endpoint" } })(
  {},
  async (ctx, { params, request }) => {
    const { cursor } = parseWith(querySchema, Object.fromEntries(new URL(request.url).searchParams));
    if (!(await findInboundEndpoint(ctx, params.endpointId))) throw notFound("This inbound endpoint");
    const page = await listInboundEvents(ctx, params.endpointId, cursor ?? null, INBOUND_EVENTS_PAGE_SIZE);
    return json(inboundEventListSchema.parse({ events: page.events.map(inboundEventView), nextCursor: page.nextCursor }));
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
