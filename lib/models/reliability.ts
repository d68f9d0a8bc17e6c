import {
  reportedUsageOf,
  type ModelAdapter,
  type ModelCapabilities,
  type ModelPromptResult,
  type NotifySubscribersFunction,
  type PromptRequest,
  type ReportedUsage,
} from "@/lib/agent/model-adapter";
import { abortableSleep } from "./abortable-sleep";
import { classifyModelError, type ClassifiedError } from "./classify-error";
import {
  FALLBACK_KINDS,
  ModelError,
  RETRYABLE_KINDS,
  abortedError,
  describeCooldown,
  describeModelError,
  type ModelErrorKind,
} from "./model-error";
import { providerCooldowns, type Cooldown, type ProviderCooldowns } from "./provider-cooldowns";
import { providerTargetOf } from "./provider-target";
import { attachReportedUsage } from "./reported-usage";

/**
 * The one place where model calls are retried and fall back. Adapters do none of it (their
 * SDKs run with retries off), so every retry and fallback is an event here, never silent.
 * After an auth or quota error the provider target pauses (provider-cooldowns.ts): its calls go
 * straight to the next model. The result says which model answered and what failed attempts consumed.
 */

export interface ReliabilityOptions {
  /** Attempts per model, the first included. Default 3. */
  maxAttempts?: number;
  /** First backoff step; doubles each retry. Default 1000 ms. */
  baseDelayMs?: number;
  /** Cap of one backoff step. Default 30 s. */
  maxDelayMs?: number;
  /** Cap on a provider's `retry-after`, so a far-off date cannot park a run. Default 60 s. */
  maxRetryAfterMs?: number;
  /** One attempt, stream included, is cut off (kind "timeout") after this long. Default 10 min. */
  attemptTimeoutMs?: number;
  /** Injectable for tests; resolves early (does not reject) when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injectable for tests; in [0, 1). */
  random?: () => number;
  /** Where provider pauses are kept; default: the process-wide one. */
  cooldowns?: ProviderCooldowns;
}

/** Payload of the `model_retry` event. */
export interface ModelRetryEvent {
  /** The attempt about to start: 2 is the first retry. */
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  kind: ModelErrorKind;
  model: string;
  /**
   * True when the failed attempt had already streamed text or tool calls: the client must drop
   * that partial output, because the next attempt streams its answer from the start.
   */
  discardPartial: boolean;
}

/** Payload of the `model_fallback` event. */
export interface ModelFallbackEvent {
  from: string;
  to: string;
  kind: ModelErrorKind;
  discardPartial: boolean;
  /** True when `from` was not called at all: its provider target is paused after an auth or quota error. */
  cooldown?: boolean;
}

const DEFAULTS = {
  maxAttempts: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 60_000,
  attemptTimeoutMs: 600_000,
};

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so retries of
 * many runs spread out but never collapse to zero.
 */
function backoffDelay(retry: number, options: { baseDelayMs: number; maxDelayMs: number; random: () => number }): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.round(step / 2 + options.random() * (step / 2));
}

class AttemptTimeout extends Error {
  constructor() {
    super("model attempt timed out");
    this.name = "TimeoutError";
  }
}

type Attempt = { result: ModelPromptResult } | { failure: ClassifiedError; streamed: boolean; error: unknown } | { aborted: unknown };

class ReliableModel implements ModelAdapter {
  readonly name: string;
  readonly capabilities: ModelCapabilities | undefined;
  private readonly settings: typeof DEFAULTS & Required<Pick<ReliabilityOptions, "sleep" | "random" | "cooldowns">>;

  /** `models[0]` is the primary; the rest are fallbacks, tried in order. */
  constructor(
    private readonly models: ModelAdapter[],
    options: ReliabilityOptions = {},
  ) {
    if (models.length === 0) throw new Error("ReliableModel needs at least one model.");
    this.name = models[0].name;
    // The primary's: what the agent is configured for; a fallback answers only when it is in trouble.
    this.capabilities = models[0].capabilities;
    this.settings = { ...DEFAULTS, sleep: abortableSleep, random: Math.random, cooldowns: providerCooldowns, ...definedOnly(options) };
  }

  setSystemPrompt(systemPrompt: string): void {
    for (const model of this.models) model.setSystemPrompt(systemPrompt);
  }

  async prompt(request: PromptRequest, notify: NotifySubscribersFunction, signal?: AbortSignal): Promise<ModelPromptResult> {
    const { maxAttempts, cooldowns } = this.settings;
    // What failed attempts consumed, reported on the answer or on the error that ends the call.
    const discarded: ReportedUsage[] = [];
    let replaced: { from: string; kind: ModelErrorKind } | undefined;
    for (const [index, model] of this.models.entries()) {
      const next = this.models[index + 1];
      const target = providerTargetOf(model);
      // A 403 refuses this model to the key (a model id the key may not use), not the key itself: it pauses
      // only that model, so one tenant's choice of model cannot pause a shared server key for everyone.
      const modelTarget = `${target}|${model.name}`;
      const paused = cooldowns.active(target) ?? cooldowns.active(modelTarget);
      if (paused) {
        if (!next) throw attachReportedUsage(this.cooldownError(paused, model), discarded);
        replaced ??= { from: model.name, kind: paused.kind };
        const event: ModelFallbackEvent = { from: model.name, to: next.name, kind: paused.kind, discardPartial: false, cooldown: true };
        await notify("model_fallback", event);
        continue;
      }
      for (let attempt = 1; ; attempt += 1) {
        if (signal?.aborted) throw attachReportedUsage(abortedError(model.name), discarded);
        const outcome = await this.attempt(model, request, notify, signal, discarded);
        if ("result" in outcome) return answered(outcome.result, model, replaced, discarded);
        if ("aborted" in outcome) {
          throw attachReportedUsage(abortedError(model.name), [...discarded, ...reportedUsageOf(outcome.aborted)]);
        }
        const { failure, streamed, error } = outcome;
        discarded.push(...reportedUsageOf(error));
        cooldowns.start(failure.kind === "auth" && failure.status === 403 ? modelTarget : target, failure.kind, failure.status);

        if (RETRYABLE_KINDS.has(failure.kind) && attempt < maxAttempts) {
          const delayMs = this.retryDelay(failure, attempt);
          const event: ModelRetryEvent = {
            attempt: attempt + 1,
            maxAttempts,
            delayMs,
            kind: failure.kind,
            model: model.name,
            discardPartial: streamed,
          };
          await notify("model_retry", event);
          await this.settings.sleep(delayMs, signal);
          continue;
        }
        if (!next || !FALLBACK_KINDS.has(failure.kind)) throw attachReportedUsage(this.toModelError(failure, model, error), discarded);
        replaced ??= { from: model.name, kind: failure.kind };
        const event: ModelFallbackEvent = { from: model.name, to: next.name, kind: failure.kind, discardPartial: streamed };
        await notify("model_fallback", event);
        break;
      }
    }
    throw new Error("unreachable: the last model either answers or throws");
  }

  private async attempt(
    model: ModelAdapter,
    request: PromptRequest,
    notify: NotifySubscribersFunction,
    signal: AbortSignal | undefined,
    discarded: ReportedUsage[],
  ): Promise<Attempt> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new AttemptTimeout()), this.settings.attemptTimeoutMs);
    const attemptSignal = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    let streamed = false;
    const trackingNotify: NotifySubscribersFunction = (eventName, eventData) => {
      if (eventName === "text_delta" || eventName === "tool_use") streamed = true;
      return notify(eventName, eventData);
    };
    try {
      return { result: await model.prompt(request, trackingNotify, attemptSignal) };
    } catch (error) {
      // Our timer, not the caller, stopped the attempt: a timeout, worth another try.
      if (timeout.signal.aborted && !signal?.aborted) return { failure: { kind: "timeout" }, streamed, error };
      if (signal?.aborted) return { aborted: error };
      const failure = classifyModelError(error);
      // Not a provider failure: a bug of ours, which must surface as it is (with what earlier attempts consumed).
      if (!failure) throw attachReportedUsage(error, discarded);
      return { failure, streamed, error };
    } finally {
      clearTimeout(timer);
    }
  }

  private retryDelay(failure: ClassifiedError, attempt: number): number {
    if (failure.retryAfterMs !== undefined) return Math.min(failure.retryAfterMs, this.settings.maxRetryAfterMs);
    return backoffDelay(attempt, this.settings);
  }

  private toModelError(failure: ClassifiedError, model: ModelAdapter, cause: unknown): ModelError {
    return new ModelError(failure.kind, describeModelError(failure.kind, model.name, failure.status), {
      model: model.name,
      status: failure.status,
      cause,
    });
  }

  private cooldownError(paused: Cooldown, model: ModelAdapter): ModelError {
    const remaining = this.settings.cooldowns.remainingMs(paused);
    return new ModelError(paused.kind, describeCooldown(paused.kind, model.name, remaining, paused.status), {
      model: model.name,
      status: paused.status,
    });
  }
}

/** The answer, saying which model gave it, whom a fallback replaced and what failed attempts consumed. */
function answered(
  result: ModelPromptResult,
  model: ModelAdapter,
  replaced: { from: string; kind: ModelErrorKind } | undefined,
  discarded: ReportedUsage[],
): ModelPromptResult {
  const discardedUsage = [...(result.discardedUsage ?? []), ...discarded];
  return {
    ...result,
    model: result.model ?? model.name,
    ...(replaced && { fallback: replaced }),
    ...(discardedUsage.length > 0 && { discardedUsage }),
  };
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Wraps a primary model and its fallbacks in the retry and fallback policy. */
export function withReliability(models: ModelAdapter[], options?: ReliabilityOptions): ModelAdapter {
  return new ReliableModel(models, options);
}
