import { SteeringQueueFullError } from "./errors";
import type { Message } from "./messages";
import type { RunSession, RuntimeDeps } from "./run-session";
import type { QueuedMessage } from "./store-adapter";

/**
 * A message sent while a run is active waits in the store's queue (bounded, so a client cannot
 * pile up work) and is injected at the next safe point: after the current step's tools, before
 * the next model call.
 */
export async function queueMessage(deps: RuntimeDeps, text: string, sentBy?: string): Promise<QueuedMessage> {
  const message: QueuedMessage = { id: deps.newId(), text, created_at: deps.now().toISOString(), ...(sentBy && { sent_by: sentBy }) };
  if (!(await deps.store.enqueueMessage(message, deps.settings.steeringLimit)))
    throw new SteeringQueueFullError(deps.settings.steeringLimit);
  const queue = await deps.store.getQueuedMessages();
  await deps.emit("message_queued", { message, queue_length: queue.length });
  return message;
}

/** The result of a step's call that had not started when a message was queued (PicoClaw's wording). */
export const SKIPPED_FOR_STEERING = "Skipped due to queued user message.";

/** Whether a person sent a message while this run works (checked after each tool call of a step). */
export async function steeringArrived(session: RunSession): Promise<boolean> {
  return (await session.deps.store.getQueuedMessages()).length > 0;
}

/**
 * Appends queued messages in the order they were sent, then removes them from the queue. The
 * stored message keeps the queued id, so a crash between the two steps cannot duplicate it.
 * `queued`: the queue as the caller read it at this point (side by side with other reads).
 */
export async function injectQueuedMessages(session: RunSession, queued?: QueuedMessage[]): Promise<boolean> {
  const { store, emit } = session.deps;
  queued ??= await store.getQueuedMessages();
  if (queued.length === 0) return false;
  await forgetStarterIfJoined(session, queued);
  const messages: Message[] = queued.map((item) => ({
    id: item.id,
    sender: "user",
    text: item.text,
    is_steering: true,
    created_at: item.created_at,
  }));
  await session.append(...messages);
  await store.deleteQueuedMessages(queued.map((item) => item.id));
  for (const message of messages) await emit("message_injected", { message });
  return true;
}

/**
 * A member's own "always allow" covers the runs that member started (permissions.ts). Once someone
 * else's message (another member's, an API key's) joins the run, that person could ask for calls the
 * starter's grants would let through without a card: from then on only the organization's records decide.
 */
async function forgetStarterIfJoined(session: RunSession, queued: QueuedMessage[]) {
  const { store } = session.deps;
  const run = await store.getRun(session.runId);
  if (run?.started_by && queued.some((item) => item.sent_by !== run.started_by)) await store.forgetRunStarter(session.runId);
}
