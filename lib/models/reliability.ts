import type { ModelAdapter, ModelPromptResult, NotifySubscribersFunction, PromptRequest } from "@/lib/agent/model-adapter";
import { abortableSleep } from "./abortable-sleep";
import { classifyModelError, type ClassifiedError } from "./classify-error";
import { ModelError, RETRYABLE_KINDS, abortedError, describeModelError, type ModelErrorKind } from "./model-error";

/**
 * The one place where model calls are retried and fall back. Adapters do none of it (their
 * SDKs run with retries off), so every retry and fallback is an event here, never silent.
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

class ReliableModel implements ModelAdapter {
  readonly name: string;
  private readonly settings: typeof DEFAULTS & Required<Pick<ReliabilityOptions, "sleep" | "random">>;

  /** `models[0]` is the primary; the rest are fallbacks, tried in order. */
  constructor(
    private readonly models: ModelAdapter[],
    options: ReliabilityOptions = {},
  ) {
    if (models.length === 0) throw new Error("ReliableModel needs at least one model.");
    this.name = models[0].name;
    this.settings = { ...DEFAULTS, sleep: abortableSleep, random: Math.random, ...definedOnly(options) };
  }

  setSystemPrompt(systemPrompt: string): void {
    for (const model of this.models) model.setSystemPrompt(systemPrompt);
  }

  async prompt(request: PromptRequest, notify: NotifySubscribersFunction, signal?: AbortSignal): Promise<ModelPromptResult> {
    const { maxAttempts } = this.settings;
    for (const [index, model] of this.models.entries()) {
      for (let attempt = 1; ; attempt += 1) {
        if (signal?.aborted) throw abortedError(model.name);
        const outcome = await this.attempt(model, request, notify, signal);
        if ("result" in outcome) return outcome.result;
        const { failure, streamed, error } = outcome;
        if (!RETRYABLE_KINDS.has(failure.kind)) throw this.toModelError(failure, model, error);

        if (attempt < maxAttempts) {
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
        const next = this.models[index + 1];
        if (!next) throw this.toModelError(failure, model, error);
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
  ): Promise<{ result: ModelPromptResult } | { failure: ClassifiedError; streamed: boolean; error: unknown }> {
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
      if (signal?.aborted) throw abortedError(model.name);
      const failure = classifyModelError(error);
      // Not a provider failure: a bug of ours, which must surface as it is.
      if (!failure) throw error;
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
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Wraps a primary model and its fallbacks in the retry and fallback policy. */
export function withReliability(models: ModelAdapter[], options?: ReliabilityOptions): ModelAdapter {
  return new ReliableModel(models, options);
}
