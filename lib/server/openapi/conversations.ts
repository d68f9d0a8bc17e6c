import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  v1ConversationCreatedSchema,
  v1ConversationDetailSchema,
  v1ConversationIdParamsSchema,
  v1ConversationListQuerySchema,
  v1ConversationPageSchema,
  v1CreateConversationBodySchema,
  v1EventsQuerySchema,
  v1MessageAcceptedSchema,
  v1SendMessageBodySchema,
} from "@/lib/schemas/v1-conversations";
import { eventStreamContent, idempotencyKeyHeader, jsonBody, jsonContent, registerOperation } from "./operation";

/** The conversation routes (app/api/v1/conversations/**), with the schemas they validate and answer with. */

const params = v1ConversationIdParamsSchema.extend({ id: z.string().describe("The conversation's id.") });

export function registerConversations(registry: OpenAPIRegistry) {
  registerOperation(registry, {
    method: "post",
    path: "/api/v1/conversations",
    summary: "Start a conversation",
    description:
      "With `message` the agent starts answering at once: follow `run.events_url` as server-sent events, or poll `run.conversation_url`.",
    scopes: ["conversations:write"],
    request: { headers: idempotencyKeyHeader, body: jsonBody(v1CreateConversationBodySchema) },
    success: {
      status: 201,
      description: "The conversation, and the run its first message started.",
      content: jsonContent(v1ConversationCreatedSchema),
    },
    errors: [400, 413, 415, 422],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/conversations",
    summary: "List conversations",
    description: "Newest activity first; follow next_cursor for the next page.",
    scopes: ["conversations:read"],
    request: { query: v1ConversationListQuerySchema },
    success: { status: 200, description: "One page of conversations.", content: jsonContent(v1ConversationPageSchema) },
    errors: [422],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/conversations/{id}",
    summary: "Get a conversation",
    description: "Status, messages, pending cards, inbox items and the latest run: poll this until status is idle.",
    scopes: ["conversations:read"],
    request: { params },
    success: { status: 200, description: "The conversation.", content: jsonContent(v1ConversationDetailSchema) },
    errors: [404],
  });
  registerOperation(registry, {
    method: "post",
    path: "/api/v1/conversations/{id}/messages",
    summary: "Send a message",
    description:
      "Starts a run (or, while one is active, queues for it). With `Accept: text/event-stream` the answer streams and the stream ends with the run; otherwise 202 with where to follow it. A retry with the same Idempotency-Key gets the 202 body.",
    scopes: ["conversations:write"],
    request: { params, headers: idempotencyKeyHeader, body: jsonBody(v1SendMessageBodySchema) },
    success: {
      status: 202,
      description: "Accepted: the run started or the message was queued (with Accept: text/event-stream, 200 and the run's events).",
      content: { ...jsonContent(v1MessageAcceptedSchema), ...eventStreamContent },
    },
    errors: [400, 404, 413, 415, 422],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/conversations/{id}/events",
    summary: "Stream a conversation's events",
    description:
      "Server-sent events, the browser's protocol: the events after Last-Event-ID (or ?after=) are replayed, then live ones follow, with heartbeats, until you disconnect.",
    scopes: ["conversations:read"],
    request: {
      params,
      query: v1EventsQuerySchema,
      headers: z.object({ "Last-Event-ID": z.string().optional().describe("The last event number you got.") }),
    },
    success: { status: 200, description: "The event stream.", content: eventStreamContent },
    errors: [404, 422],
  });
}
