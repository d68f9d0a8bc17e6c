import { serverEnv, type ServerEnv } from "@/lib/server/env";
import type { LookupAll } from "@/lib/server/http/outbound-url-guard";
import { RETRY_CAP_MS, type BackoffSettings } from "./backoff";

/** How deliveries are made: from the environment, or given by a test. */
export interface DeliverySettings {
  timeoutMs: number;
  backoff: BackoffSettings;
  env: Pick<ServerEnv, "OUTBOUND_ALLOW_PRIVATE">;
  /** Replaces DNS (tests: a name that resolves to a private address). */
  lookup?: LookupAll;
}

export function deliverySettings(env: ServerEnv = serverEnv()): DeliverySettings {
  return {
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    backoff: { baseMs: env.WEBHOOK_RETRY_BASE_MS, capMs: RETRY_CAP_MS, windowMs: env.WEBHOOK_RETRY_WINDOW_MS },
    env,
  };
}

/** How long a claimed attempt is held before the periodic pass may take it again (its worker died). */
export const attemptLeaseMs = (settings: Pick<DeliverySettings, "timeoutMs">) => settings.timeoutMs + 5_000;
