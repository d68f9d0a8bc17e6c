import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  inboxResolveBodySchema,
  inboxResolveResultSchema,
  v1InboxItemSchema,
  v1InboxListQuerySchema,
  v1InboxPageSchema,
} from "@/lib/schemas/v1-inbox";
import { idempotencyKeyHeader, jsonBody, jsonContent, registerOperation } from "./operation";

/** The inbox routes (app/api/v1/inbox/**), with the schemas they validate and answer with. */

const itemParams = z.object({ id: z.string().describe("The item's public id, inb_<32 hex>.") });

export function registerInbox(registry: OpenAPIRegistry) {
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/inbox",
    summary: "List inbox items",
    description: "The organization's items, newest first, filtered; follow next_cursor for the next page.",
    scopes: ["inbox:read"],
    request: { query: v1InboxListQuerySchema },
    success: { status: 200, description: "One page of items.", content: jsonContent(v1InboxPageSchema) },
    errors: [404, 422],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/inbox/{id}",
    summary: "Get an inbox item",
    scopes: ["inbox:read"],
    request: { params: itemParams },
    success: { status: 200, description: "The item.", content: jsonContent(z.object({ item: v1InboxItemSchema })) },
    errors: [404],
  });
  registerOperation(registry, {
    method: "post",
    path: "/api/v1/inbox/{id}/resolve",
    summary: "Resolve an inbox item",
    description:
      "First answer wins: the identical answer again is 200 with changed: false; a different one is 409 with the winning item in details.item; an answer that fails the item's response_schema is 422 naming the fields. A blocking item continues its conversation by itself.",
    scopes: ["inbox:write"],
    request: { params: itemParams, headers: idempotencyKeyHeader, body: jsonBody(inboxResolveBodySchema) },
    success: { status: 200, description: "The item as it now is.", content: jsonContent(inboxResolveResultSchema) },
    errors: [400, 404, 409, 413, 415, 422],
  });
}
