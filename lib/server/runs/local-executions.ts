import type { ConversationAgent } from "@/lib/server/agent/conversation-agent";
import { eventBus } from "@/lib/server/events/pg-bus";
import { logger } from "@/lib/server/logger";

/** Work an agent does in this process for a conversation: the runs it executes and when it is done. */
export interface LocalExecution {
  conversationId: string;
  agent: ConversationAgent;
  runIds: Set<string>;
  done: Promise<void>;
}

const shared = globalThis as typeof globalThis & { handoffExecutions?: Map<string, Set<LocalExecution>>; handoffAbortRelay?: boolean };
const registry = () => (shared.handoffExecutions ??= new Map());

export function executionsOf(conversationId: string): LocalExecution[] {
  return [...(registry().get(conversationId) ?? [])];
}

/** Conversations with agent work in this process now. */
export function activeConversationCount(): number {
  return registry().size;
}

/** Registers the execution until its `done` settles. */
export function track(execution: LocalExecution) {
  listenForAbortRequests();
  const map = registry();
  let set = map.get(execution.conversationId);
  if (!set) map.set(execution.conversationId, (set = new Set()));
  set.add(execution);
  void execution.done.finally(() => {
    set.delete(execution);
    if (set.size === 0 && map.get(execution.conversationId) === set) map.delete(execution.conversationId);
  });
}

/** Stops every local execution of the run (an abort asked for on another instance, or here). */
export function stopLocalRun(conversationId: string, runId: string): boolean {
  const matching = executionsOf(conversationId).filter((execution) => execution.runIds.has(runId));
  for (const execution of matching) execution.agent.stopExecution();
  return matching.length > 0;
}

function listenForAbortRequests() {
  if (shared.handoffAbortRelay) return;
  shared.handoffAbortRelay = true;
  const bus = eventBus();
  bus.onAbortRequest(({ conversationId, runId }) => stopLocalRun(conversationId, runId));
  // A process that runs agents without ever opening a stream (a card answered as JSON, the overdue-card sweep) must still LISTEN.
  void bus.ready().catch((error: unknown) => logger.warn("the event bus could not listen for abort requests", { error }));
}
