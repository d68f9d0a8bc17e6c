import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { readLastEventSeq } from "@/lib/db/conversation-snapshot";
import { touchConversation } from "@/lib/db/conversations";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { sendMessageSchema } from "@/lib/schemas/conversation";
import { buildConversationAgent } from "@/lib/server/agent/conversation-agent";
import { conversationStream } from "@/lib/server/sse/conversation-stream";
import { drainQueue, launch } from "./launch";
import { recoverDeadRuns } from "./recover-dead-runs";

/**
 * A person's message: starts a run (detached) and answers with the stream of it, or, while a run
 * is active, queues the message for that run's next safe point and answers with a stream that
 * carries `message_queued` and ends. A full queue throws SteeringQueueFullError (429).
 */
export async function sendMessage(
  ctx: TenantContext,
  conversationId: string,
  input: z.output<typeof sendMessageSchema>,
  requestSignal?: AbortSignal,
): Promise<Response> {
  await recoverDeadRuns({ organizationId: ctx.organizationId, conversationId });
  const agent = await buildConversationAgent(ctx, conversationId);
  const after = await readLastEventSeq(ctx, conversationId);
  const launched = await launch(
    conversationId,
    agent,
    (signal) => agent.glove.processRequest(input.text, { signal, runId: randomUUID(), ...(input.attachments?.length && { images: input.attachments }) }),
    (outcome) => drainQueue(agent, outcome),
  );
  await touchConversation(ctx, conversationId);
  return conversationStream(ctx, conversationId, { after, until: launched.kind === "running" ? launched.done : Promise.resolve(), requestSignal });
}
