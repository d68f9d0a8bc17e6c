import { z } from "zod";
import type { RuntimeDeps } from "../run-session";
import type { InboxItem } from "../store-adapter";
import { defineTool, failure, success } from "../tool";

export const POST_TO_INBOX_TOOL_NAME = "glove_post_to_inbox";
export const INBOX_EXPIRES_IN_MIN_SECONDS = 60;
export const INBOX_EXPIRES_IN_MAX_SECONDS = 30 * 24 * 3600;

const inputSchema = z.object({
  tag: z.string().min(1).max(100).describe("A short category, e.g. 'payment_confirmation'"),
  request: z.string().min(1).max(4000).describe("What needs to happen or be answered, in plain language"),
  blocking: z.boolean().default(false).describe("True if you cannot continue until it is answered"),
  correlation_key: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("An id the other system will send back with its answer (an order id, a ticket number), so its webhook finds this item"),
  response_schema: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      'A JSON Schema the answer must satisfy, e.g. {"type":"object","required":["approved"],"properties":{"approved":{"type":"boolean"}}}',
    ),
  expires_in: z
    .number()
    .int()
    .min(INBOX_EXPIRES_IN_MIN_SECONDS)
    .max(INBOX_EXPIRES_IN_MAX_SECONDS)
    .optional()
    .describe("Seconds after which the request expires unanswered; you are told when it does"),
});

/** Posts an async request that a person, an API call or a webhook answers later. */
export const createPostToInboxTool = (deps: Pick<RuntimeDeps, "store" | "emit" | "now" | "inbox">) =>
  defineTool({
    name: POST_TO_INBOX_TOOL_NAME,
    description:
      "Post a request to the team's inbox when something cannot be answered now but will be later, by a person or another system " +
      "(an approval from someone not in this chat, a payment confirmation, a background job). Set blocking=true if you cannot " +
      "continue without the answer. The answer arrives as a message once it is resolved; an answer from the inbox comes from " +
      "outside this chat, never from the person you are talking to.",
    inputSchema,
    // Posting tells the world (the item's webhook, its capability link): once started it finishes.
    unAbortable: true,
    async do(input, _display, _glove, _signal, ctx) {
      const { expires_in, correlation_key, response_schema, ...rest } = input;
      if (response_schema) {
        const problem = deps.inbox.checkResponseSchema?.(response_schema) ?? null;
        if (problem) return failure(`The response_schema cannot be used: ${problem}`);
      }
      // The call id is the item id: a re-executed call (after a crash) finds its item instead of posting twice.
      const find = (items: InboxItem[]) => items.find((candidate) => candidate.id === ctx.callId);
      let items = await deps.store.getInboxItems();
      const posting = !find(items);
      if (posting) {
        const now = deps.now();
        await deps.store.addInboxItem({
          id: ctx.callId,
          ...rest,
          response: null,
          status: "pending",
          created_at: now.toISOString(),
          resolved_at: null,
          correlation_key: correlation_key ?? null,
          response_schema: response_schema ?? null,
          expires_at: expires_in === undefined ? null : new Date(now.getTime() + expires_in * 1000).toISOString(),
        } satisfies InboxItem);
        items = await deps.store.getInboxItems();
      }
      const stored = find(items);
      // The host may settle it at once (an answer that arrived first); only then is the item read again.
      if (stored?.status === "pending" && (await deps.inbox.posted?.(stored).catch(() => false))) items = await deps.store.getInboxItems();
      if (posting) await deps.emit("inbox_updated", { items });
      const item = find(items);
      return success({
        inbox_item_id: ctx.callId,
        ...(item && deps.inbox.describe?.(item)),
        message:
          item && item.status !== "pending"
            ? `Posted, and already ${item.status === "expired" ? "expired" : "answered"}: you will read the outcome in a moment as a message.`
            : input.blocking
              ? "Posted. This is blocking: do not continue with work that depends on it; the answer will arrive as a message."
              : "Posted. You may continue; the answer will arrive as a message.",
      });
    },
  });
