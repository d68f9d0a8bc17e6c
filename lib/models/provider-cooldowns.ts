import type { ModelErrorKind } from "./model-error";

/**
 * Provider trouble is remembered per provider target (provider + base URL + key, provider-target.ts),
 * not per call: after a rejected key or a spent quota, every call to that target in this process goes
 * straight to a fallback (or fails at once) until the pause is over, instead of each run hitting the
 * provider again. In process memory: a restart or another instance tries once more, which is cheap.
 */

export type CooldownKind = Extract<ModelErrorKind, "auth" | "quota">;

export const COOLDOWN_KINDS: ReadonlySet<ModelErrorKind> = new Set<CooldownKind>(["auth", "quota"]);

export const DEFAULT_COOLDOWN_MS: Record<CooldownKind, number> = { auth: 5 * 60_000, quota: 10 * 60_000 };

export interface Cooldown {
  kind: CooldownKind;
  status?: number;
  /** Epoch milliseconds. */
  until: number;
}

export interface ProviderCooldownOptions {
  /** Injectable clock for tests. */
  now?: () => number;
  durationMs?: Partial<Record<CooldownKind, number>>;
}

export class ProviderCooldowns {
  private readonly entries = new Map<string, Cooldown>();
  private readonly now: () => number;
  private readonly durationMs: Record<CooldownKind, number>;

  constructor(options: ProviderCooldownOptions = {}) {
    this.now = options.now ?? Date.now;
    this.durationMs = { ...DEFAULT_COOLDOWN_MS, ...options.durationMs };
  }

  /** The target's pause, while it lasts. */
  active(target: string): Cooldown | undefined {
    const entry = this.entries.get(target);
    if (entry && entry.until <= this.now()) this.entries.delete(target);
    return this.entries.get(target);
  }

  /** Starts (or extends) a pause after an auth or quota error; other kinds pause nothing. */
  start(target: string, kind: ModelErrorKind, status?: number): void {
    if (!isCooldownKind(kind)) return;
    const now = this.now();
    // Expired entries go on every write, so the map holds only live pauses.
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
    this.entries.set(target, { kind, status, until: now + this.durationMs[kind] });
  }

  remainingMs(cooldown: Cooldown): number {
    return Math.max(0, cooldown.until - this.now());
  }
}

function isCooldownKind(kind: ModelErrorKind): kind is CooldownKind {
  return COOLDOWN_KINDS.has(kind);
}

/** The one the server uses: shared by every agent of the process, as provider trouble is. */
export const providerCooldowns = new ProviderCooldowns();
