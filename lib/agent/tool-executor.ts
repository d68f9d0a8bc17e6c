import { CallDisplay, type SlotScope } from "./display-manager";
import { AbortError, SlotRejectedError } from "./errors";
import type { Message, ToolCall, ToolResult, ToolResultPayload } from "./messages";
import { checkPermission } from "./permissions";
import { repeatBlock } from "./repeat-guard";
import type { RunSession } from "./run-session";
import type { SlotRecord } from "./store-adapter";
import { RunSuspension } from "./suspension";
import { failure, requiresPermission, validateToolInput, type GloveTool, type ToolCallContext } from "./tool";

export type CallOutcome = { kind: "done"; result: ToolResultPayload } | { kind: "suspended"; slot: SlotRecord };

export interface CallSituation {
  /** The current request's messages and the step's calls and results so far (for the repeat guard). */
  requestHistory: Message[];
  stepCalls: ToolCall[];
  stepResults: ToolResult[];
  /** False when this call ran before and waited: its decisions were already announced. */
  firstExecution: boolean;
}

const done = (result: ToolResultPayload): CallOutcome => ({ kind: "done", result });
const NEVER_ABORTED = new AbortController().signal;

/**
 * Runs one tool call to an outcome; never throws for anything the tool or the model did wrong.
 * Order: known tool → valid input → not a blocked repeat → not aborted → permission → `do`.
 * An `unAbortable` tool that started runs to its end and keeps its result (it may have written to the world).
 */
export async function executeToolCall(session: RunSession, call: ToolCall, situation: CallSituation): Promise<CallOutcome> {
  const { tools, settings, store, emit, now, newId } = session.deps;
  const tool = tools.get(call.tool_name);
  if (!tool) return done(failure(`Unknown tool "${call.tool_name}". Available tools: ${[...tools.keys()].join(", ") || "none"}.`));
  const input = validateToolInput(tool, call.input_args);
  if (!input.ok) return done(failure(input.message));
  const blocked = repeatBlock(situation.requestHistory, situation.stepCalls, situation.stepResults, call);
  if (blocked) {
    await emit("tool_repeat_blocked", { call_id: call.id, tool_name: call.tool_name, count: blocked.data.count });
    return done(failure(blocked.message, blocked.data));
  }
  // Also for unAbortable tools: they finish what they started, but a Stop keeps them from starting.
  if (session.signal.aborted) return done(failure("Stopped by the user before this tool ran."));

  const scope: SlotScope = {
    store,
    emit,
    now,
    newId,
    runId: session.runId,
    callId: call.id,
    toolName: tool.name,
    slotTtlMs: settings.slotTtlMs,
  };
  try {
    let runInput = input.value;
    let inputEdited = false;
    if (requiresPermission(tool, input.value)) {
      const permission = await checkPermission(scope, tool, input.value, settings.permissionPolicy, situation.firstExecution);
      if (!permission.allowed) return done(failure(`Permission denied: ${permission.reason}`));
      runInput = permission.input;
      inputEdited = permission.inputEdited;
    }
    const display = new CallDisplay(scope, tool);
    const ctx: ToolCallContext = { callId: call.id, runId: session.runId, toolName: tool.name };
    const run = () => runTool(tool, runInput, display, session, ctx);
    const result = tool.around ? await tool.around(runInput, ctx, run) : await run();
    // A tool that caught the suspension and returned anyway is still waiting.
    if (display.suspendedOn) return { kind: "suspended", slot: display.suspendedOn };
    return done(inputEdited ? noteEditedInput(result, runInput) : result);
  } catch (error) {
    if (error instanceof RunSuspension) return { kind: "suspended", slot: error.slot };
    if (error instanceof SlotRejectedError) return done(failure(error.message));
    if (error instanceof AbortError) return done(failure("Stopped by the user while the tool was running."));
    return done(failure(`The tool failed: ${error instanceof Error ? error.message : String(error)}`));
  }
}

async function runTool(tool: GloveTool, input: unknown, display: CallDisplay, session: RunSession, ctx: ToolCallContext) {
  if (tool.unAbortable) return normalize(await tool.do(input, display, session.deps.handle, NEVER_ABORTED, ctx));
  return normalize(await raceAbort(tool.do(input, display, session.deps.handle, session.signal, ctx), session.signal));
}

/** Abortable tools are abandoned (not awaited) when the run is aborted, as in Glove. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortError());
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function normalize(result: unknown): ToolResultPayload {
  const candidate = result as Partial<ToolResultPayload> | null;
  if (candidate && (candidate.status === "success" || candidate.status === "error")) return candidate as ToolResultPayload;
  return { status: "success", data: result ?? null };
}

function noteEditedInput(result: ToolResultPayload, input: unknown): ToolResultPayload {
  const note = `A person edited the input before allowing it; it ran with: ${JSON.stringify(input)}`;
  return { ...result, message: result.message ? `${result.message} (${note})` : note };
}
