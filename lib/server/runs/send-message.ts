import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { TurnStart } from "@/lib/db/turn-start";
import type { sendMessageSchema } from "@/lib/schemas/conversation";
import { buildConversationAgent } from "@/lib/server/agent/conversation-agent";
import { conversationStream } from "@/lib/server/sse/conversation-stream";
import { drainQueue, launch } from "./launch";
import { recoverDeadRunsThenReadLastEventSeq } from "@/lib/server/runs/recover-dead-runs";
import { settleAll } from "@/lib/server/settle-all";

/**
 * A person's message: starts a run (detached) and answers with the stream of it, or, while a run
 * is active, queues the message for that run's next safe point and answers with a stream that
 * carries `message_queued` and ends. A full queue throws SteeringQueueFullError (429).
 */
export async function sendMessage(turn: TurnStart, conversationId: string, input: z.output<typeof sendMessageSchema>, requestSignal?: AbortSignal): Promise<Response> {
  const { ctx } = turn;
  // From what the opening read brought, side by side: dead-run recovery and the stream's start (no
  // query when there is nothing to recover), and the agent (settings, model, store).
  const [after, agent] = await settleAll([
    recoverDeadRunsThenReadLastEventSeq({ organizationId: ctx.organizationId, conversationId }, turn),
    buildConversationAgent(ctx, conversationId, { checkModelUrls: true, preloaded: turn }),
  ] as const);
  const launched = await launch(
    conversationId,
    agent,
    (signal) => agent.glove.processRequest(input.text, { signal, runId: randomUUID(), startedBy: ctx.userId, ...(input.attachments?.length && { images: input.attachments }) }),
    (outcome) => drainQueue(agent, outcome),
  );
  return conversationStream(ctx, conversationId, { after, until: launched.kind === "running" ? launched.done : Promise.resolve(), requestSignal });
}
