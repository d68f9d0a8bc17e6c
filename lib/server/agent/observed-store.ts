import type { Message, RunStatus, StoreAdapter } from "@/lib/agent";

export interface StoreObserver {
  /** A run of this store became `running` here (created, or continued after its cards were answered). */
  onRunning(runId: string): Promise<void>;
  /**
   * A run of this store is about to leave `running` (suspended, completed, failed, aborted). Called
   * before the status change, so a lease heartbeat in flight cannot mistake the run's own ending
   * for a lost lease; if the change does not happen, the run was not running here anyway.
   */
  onStopping(runId: string): void;
  /** A message a person typed was stored (not steering, a skill, an inbox injection or a summary). */
  onUserMessage(message: Message): Promise<void>;
}

const isTypedUserMessage = (message: Message) =>
  message.sender === "user" && !message.tool_results?.length && !message.is_steering && !message.is_skill && !message.is_inbox_injection && !message.is_compaction;

/**
 * The store an agent runs on, with the few writes the server must react to reported: run status
 * changes (leases) and typed user messages (the `user_message` event other tabs need). Every
 * other method is the store's own.
 */
export function observeStore(store: StoreAdapter, observer: StoreObserver): StoreAdapter {
  const overrides: Partial<StoreAdapter> = {
    async createRun(run) {
      const created = await store.createRun(run);
      if (created) await observer.onRunning(run.id);
      return created;
    },
    async transitionRun(runId: string, from: RunStatus[], to: RunStatus, error?: string) {
      if (to !== "running") observer.onStopping(runId);
      const moved = await store.transitionRun(runId, from, to, error);
      if (moved && to === "running") await observer.onRunning(runId);
      return moved;
    },
    async appendMessages(messages) {
      await store.appendMessages(messages);
      for (const message of messages) if (isTypedUserMessage(message)) await observer.onUserMessage(message);
    },
  };
  return new Proxy(store, {
    get(target, property) {
      if (property in overrides) return overrides[property as keyof StoreAdapter];
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
