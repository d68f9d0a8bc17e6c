import { OUTBOX_CHANNEL, dispatchOutboxEvents, findDueDeliveries, type DueDelivery } from "@/lib/db/outbox";
import { ReconnectingListener } from "@/lib/server/events/reconnecting-listener";
import { logger } from "@/lib/server/logger";

/**
 * Turns outbox events into deliveries and makes sure every due delivery has a job. Woken by the
 * outbox trigger's NOTIFY (its own LISTEN connection, the bus's reconnecting listener) and by a timer
 * as the fallback: a notification missed while disconnected is picked up by the next poll. Passes
 * never overlap; a wake-up during a pass runs one more pass after it.
 */

export interface DispatcherOptions {
  databaseUrl: string;
  pollMs: number;
  /** Enqueues attempts; called with the deliveries a pass created and those found due. */
  enqueue: (attempts: DueDelivery[]) => Promise<void>;
}

export interface Dispatcher {
  /** Runs a pass now (and waits for it). */
  pass(): Promise<void>;
  stop(): Promise<void>;
}

export function startDispatcher(options: DispatcherOptions): Dispatcher {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const onePass = async () => {
    for (;;) {
      const { events, deliveries } = await dispatchOutboxEvents();
      await options.enqueue(deliveries);
      if (events === 0) break;
    }
    await options.enqueue(await findDueDeliveries());
  };

  const pass = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await onePass();
        } catch (error) {
          logger.error("a webhook dispatch pass failed; the next one retries", { error });
        }
      } while (again && !stopped);
    })().finally(() => (running = null));
    return running;
  };

  const listener = new ReconnectingListener({
    connectionString: options.databaseUrl,
    channels: [OUTBOX_CHANNEL],
    applicationName: "handoff-dispatcher",
    onNotification: () => void pass(),
    // Whatever was written while no one listened.
    onConnected: () => void pass(),
    delayMs: { initial: 250, max: 10_000 },
  });
  listener.ready().catch((error: unknown) => logger.warn("the webhook dispatcher could not LISTEN yet; retrying", { error }));
  const timer = setInterval(() => void pass(), options.pollMs);
  timer.unref();

  return {
    pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listener.close();
      await running;
    },
  };
}
