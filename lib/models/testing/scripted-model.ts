import type { Message, ToolCall } from "@/lib/agent/messages";
import type {
  ModelAdapter,
  ModelCapabilities,
  ModelPromptResult,
  NotifySubscribersFunction,
  PromptRequest,
  ReportedUsage,
  TokenUsage,
} from "@/lib/agent/model-adapter";

export interface ScriptedToolCall {
  /** Defaults to `scripted_<call>_<position>`. */
  id?: string;
  name: string;
  input?: unknown;
}

export interface ScriptedReply {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Defaults to 0 in and 0 out. */
  usage?: Partial<TokenUsage>;
  /** Thrown instead of answering (after the request was recorded). */
  error?: Error;
  /** Streams `text`, then waits for the abort signal and rejects as a provider SDK would. */
  hangUntilAborted?: boolean;
  /** Attached to the error the call throws (`error`, or an abort) as `reportedUsage`, as lib/models does. */
  reportedUsage?: ReportedUsage[];
  /** Returned as the model that answered (a fallback's name). */
  model?: string;
  /** Returned as `fallback`: the model this answer replaced and why. */
  fallback?: { from: string; kind: string };
  /** Returned as `discardedUsage`: what attempts before this answer consumed. */
  discardedUsage?: ReportedUsage[];
}

/** A fixed reply, or one computed from what the model was asked (`call` counts from 0). */
export type ScriptedStep = ScriptedReply | ((request: PromptRequest, call: number) => ScriptedReply | Promise<ScriptedReply>);

/**
 * A ModelAdapter for tests: answers with the scripted replies in order, streams text in a few
 * `text_delta` chunks, announces tool calls with `tool_use`, and records a deep copy of every
 * request so a test can assert exactly what the model saw.
 */
export class ScriptedModel implements ModelAdapter {
  readonly name: string;
  readonly requests: PromptRequest[] = [];
  /** What the test says the model can do (its window, for compaction); absent: unknown. */
  readonly capabilities?: ModelCapabilities;
  systemPrompt = "";
  private nextStep = 0;

  constructor(
    private readonly script: ScriptedStep[],
    options: { name?: string; capabilities?: ModelCapabilities } = {},
  ) {
    this.name = options.name ?? "scripted";
    this.capabilities = options.capabilities;
  }

  /** Replies not used yet. */
  get remaining(): number {
    return this.script.length - this.nextStep;
  }

  setSystemPrompt(systemPrompt: string): void {
    this.systemPrompt = systemPrompt;
  }

  async prompt(request: PromptRequest, notify: NotifySubscribersFunction, signal?: AbortSignal): Promise<ModelPromptResult> {
    const call = this.nextStep++;
    this.requests.push(structuredClone(request));
    const step = this.script[call];
    if (!step) throw new Error(`ScriptedModel "${this.name}": no reply scripted for call ${call + 1}.`);
    const reply = typeof step === "function" ? await step(request, call) : step;
    try {
      return await this.answer(reply, call, notify, signal);
    } catch (error) {
      throw withUsage(error as Error, reply.reportedUsage);
    }
  }

  private async answer(
    reply: ScriptedReply,
    call: number,
    notify: NotifySubscribersFunction,
    signal?: AbortSignal,
  ): Promise<ModelPromptResult> {
    if (reply.error) throw reply.error;
    const text = reply.text ?? "";
    for (const chunk of chunks(text)) {
      if (signal?.aborted) throw abortError();
      await notify("text_delta", { text: chunk });
    }
    if (reply.hangUntilAborted) await rejectOnAbort(signal);

    const toolCalls: ToolCall[] = (reply.toolCalls ?? []).map((toolCall, position) => ({
      id: toolCall.id ?? `scripted_${call}_${position}`,
      tool_name: toolCall.name,
      input_args: toolCall.input ?? {},
    }));
    for (const toolCall of toolCalls) await notify("tool_use", { id: toolCall.id, name: toolCall.tool_name, input: toolCall.input_args });

    const usage: TokenUsage = { tokens_in: 0, tokens_out: 0, ...reply.usage };
    const stopReason = toolCalls.length > 0 ? "tool_use" : "end_turn";
    await notify("model_response_complete", { text, tool_calls: toolCalls, stop_reason: stopReason, ...usage });
    const message: Message = { sender: "agent", text, ...(toolCalls.length > 0 && { tool_calls: toolCalls }) };
    return {
      messages: [message],
      ...usage,
      stop_reason: stopReason,
      ...(reply.model && { model: reply.model }),
      ...(reply.fallback && { fallback: reply.fallback }),
      ...(reply.discardedUsage && { discardedUsage: reply.discardedUsage }),
    };
  }
}

function withUsage(error: Error, reportedUsage: ReportedUsage[] | undefined): Error {
  return reportedUsage ? Object.assign(error, { reportedUsage }) : error;
}

/** Up to three pieces, so consumers see real streaming. */
function chunks(text: string): string[] {
  if (!text) return [];
  const size = Math.ceil(text.length / 3);
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

function abortError(): Error {
  const error = new Error("The request was aborted.");
  error.name = "AbortError";
  return error;
}

function rejectOnAbort(signal: AbortSignal | undefined): Promise<never> {
  if (!signal) return Promise.reject(new Error("ScriptedModel: hangUntilAborted needs an abort signal."));
  return new Promise((_resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    signal.addEventListener("abort", () => reject(abortError()), { once: true });
  });
}
