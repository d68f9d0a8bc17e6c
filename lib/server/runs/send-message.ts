import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { TurnStart } from "@/lib/db/turn-start";
import type { sendMessageSchema } from "@/lib/schemas/conversation";
import { countKinds, resolveAttachments } from "@/lib/server/attachments/resolve";
import { admitMessage, refundOnThrow } from "@/lib/server/billing/admission";
import { conversationStream } from "@/lib/server/sse/conversation-stream";
import { drainQueue, launch } from "./launch";
import { openTurn } from "./open-turn";
import { refuseUnreadableImages } from "./refuse-unreadable-images";

/**
 * A person's message: starts a run (detached) and answers with the stream of it, or, while a run
 * is active, queues the message for that run's next safe point and answers with a stream that
 * carries `message_queued` and ends. A full queue throws SteeringQueueFullError (429). The
 * message rates were counted by the turn start (turn-route.ts); the plan's limits (402,
 * admission.ts) are checked by the statement that starts the run, before the run exists.
 */
export async function sendMessage(
  turn: TurnStart,
  conversationId: string,
  input: z.output<typeof sendMessageSchema>,
  requestSignal?: AbortSignal,
): Promise<Response> {
  const { ctx } = turn;
  const attachments = await resolveAttachments(ctx, conversationId, input.attachment_ids);
  const files = countKinds(attachments);
  // From what the opening read brought: no query when there is nothing to recover.
  const { after, agent } = await openTurn(ctx, conversationId, turn);
  let admission;
  try {
    refuseUnreadableImages(agent.glove.model, (input.attachments?.length ?? 0) + files.images, files.pdfs);
    // Last of the checks: a message refused for another reason is not counted. On the store, the
    // run's start makes the admission in its own statement (its 402 then comes out of the launch).
    admission = await admitMessage(ctx, { kind: "message", conversationId }, agent.store);
  } catch (error) {
    await agent.dispose();
    throw error;
  }
  const launched = await refundOnThrow(admission, () =>
    launch(
      conversationId,
      agent,
      (signal) =>
        agent.glove.processRequest(input.text, {
          signal,
          runId: randomUUID(),
          startedBy: ctx.userId,
          ...(input.attachments?.length && { images: input.attachments }),
          ...(attachments.length > 0 && { attachments }),
        }),
      (outcome) => drainQueue(agent, outcome),
      admission,
    ),
  );
  // A queued message is counted like any other (people sent it; the running run answers it); its hold went with the launch.
  return conversationStream(ctx, conversationId, {
    after,
    until: launched.kind === "running" ? launched.done : Promise.resolve(),
    storedThrough: () => agent.recorder.lastStoredSeq,
    requestSignal,
    current: true,
  });
}
