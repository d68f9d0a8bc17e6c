import pg from "pg";
import { OUTBOX_CHANNEL, dispatchOutboxEvents, findDueDeliveries, type DueDelivery } from "@/lib/db/outbox";
import { logger } from "@/lib/server/logger";

/**
 * Turns outbox events into deliveries and makes sure every due delivery has a job. Woken by the
 * outbox trigger's NOTIFY (its own connection, LISTEN, reconnecting with backoff) and by a timer
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
  let client: pg.Client | null = null;
  let reconnectDelay = 250;

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

  const connect = async () => {
    const next = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true, application_name: "handoff-dispatcher" });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (stopped) return;
      logger.warn("the webhook dispatcher lost its LISTEN connection; reconnecting", { error });
      setTimeout(() => void connect(), reconnectDelay).unref();
      reconnectDelay = Math.min(reconnectDelay * 2, 10_000);
    };
    next.on("notification", () => void pass());
    next.on("error", lost);
    next.on("end", () => lost());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${OUTBOX_CHANNEL}`);
      reconnectDelay = 250;
      // Whatever was written while no one listened.
      void pass();
    } catch (error) {
      lost(error as Error);
    }
  };

  void connect();
  const timer = setInterval(() => void pass(), options.pollMs);
  timer.unref();

  return {
    pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      const listening = client;
      client = null;
      await listening?.end().catch(() => {});
      await running;
    },
  };
}
