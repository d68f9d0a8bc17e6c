import { z } from "zod";
import type { RuntimeDeps } from "../run-session";
import type { InboxItem } from "../store-adapter";
import { defineTool, success } from "../tool";

export const POST_TO_INBOX_TOOL_NAME = "glove_post_to_inbox";

/** Posts an async request that a person, an API call or a webhook answers later. */
export const createPostToInboxTool = (deps: Pick<RuntimeDeps, "store" | "emit" | "now">) =>
  defineTool({
    name: POST_TO_INBOX_TOOL_NAME,
    description:
      "Post a request to the team's inbox when something cannot be answered now but will be later, by a person or another system " +
      "(an approval from someone not in this chat, a payment confirmation, a background job). Set blocking=true if you cannot " +
      "continue without the answer. The answer arrives as a message once it is resolved.",
    inputSchema: z.object({
      tag: z.string().min(1).describe("A short category, e.g. 'payment_confirmation'"),
      request: z.string().min(1).describe("What needs to happen or be answered, in plain language"),
      blocking: z.boolean().default(false).describe("True if you cannot continue until it is answered"),
    }),
    async do(input, _display, _glove, _signal, ctx) {
      // The call id is the item id: a re-executed call (after a crash) finds its item instead of posting twice.
      const existing = (await deps.store.getInboxItems()).find((item) => item.id === ctx.callId);
      if (!existing) {
        const item: InboxItem = {
          id: ctx.callId,
          ...input,
          response: null,
          status: "pending",
          created_at: deps.now().toISOString(),
          resolved_at: null,
        };
        await deps.store.addInboxItem(item);
        await deps.emit("inbox_updated", { items: await deps.store.getInboxItems() });
      }
      return success({
        inbox_item_id: ctx.callId,
        message: input.blocking
          ? "Posted. This is blocking: do not continue with work that depends on it; the answer will arrive as a message."
          : "Posted. You may continue; the answer will arrive as a message.",
      });
    },
  });
