import { currentRequest, isToolResults } from "./history";
import type { Message, ToolCall, ToolResult, ToolResultPayload } from "./messages";
import { permissionInputKey } from "./permissions";
import type { RunSession } from "./run-session";
import { SKIPPED_FOR_STEERING, steeringArrived } from "./steering";
import type { SlotRecord, ToolCallState } from "./store-adapter";
import { failure } from "./tool";
import { executeToolCall } from "./tool-executor";

export type StepOutcome = { kind: "done" } | { kind: "suspended"; slots: SlotRecord[] };

/**
 * Executes the calls of a step that are not done yet, in order. Calls that wait are left waiting
 * while the others run, so every card of the step appears at once. The results message is
 * appended only when every call is done: the history never shows a call without its result.
 * `fresh`: the model's reply just now, whose calls have no stored state yet (nothing to read).
 *
 * Steering (PicoClaw's rule): once a message is queued, the step's calls that have not started are
 * not run but answered with SKIPPED_FOR_STEERING, so "don't send that email" arrives in time; the
 * loop injects the message at the safe point right after. Started and waiting calls run on.
 */
export async function settleStep(session: RunSession, step: Message, options: { fresh?: boolean } = {}): Promise<StepOutcome> {
  const calls = step.tool_calls ?? [];
  const states = options.fresh ? new Map<string, ToolCallState>() : await loadStates(session, calls);
  const requestHistory = currentRequest(session.history);
  const results: ToolResult[] = [];
  const waiting: SlotRecord[] = [];
  let steered = false;
  for (const [index, call] of calls.entries()) {
    let state = states.get(call.id);
    const reused = state || steered ? null : await resultOffPath(session, call);
    if (!state && steered) {
      state = await finishCall(session, call, failure(SKIPPED_FOR_STEERING));
    } else if (reused) {
      state = await finishCall(session, call, reused);
    } else if (state?.status !== "done") {
      const saveStatus = (status: "pending" | "waiting") =>
        session.deps.store.saveToolCallState({ call_id: call.id, run_id: session.runId, tool_name: call.tool_name, status });
      // "pending" marks a call as started: after a crash it tells a call that may have had side effects from one that never ran.
      if (!state) await saveStatus("pending");
      const outcome = await executeToolCall(session, call, {
        requestHistory,
        stepCalls: calls,
        stepResults: results,
        firstExecution: !state,
      });
      // Read the queue only when a call that could still be skipped follows.
      steered ||= calls.slice(index + 1).some((later) => !states.has(later.id)) && (await steeringArrived(session));
      if (outcome.kind === "suspended") {
        await saveStatus("waiting");
        waiting.push(outcome.slot);
        continue;
      }
      state = await finishCall(session, call, outcome.result);
    }
    results.push(toolResult(call, state));
  }
  if (waiting.length > 0) return { kind: "suspended", slots: waiting };
  await session.append(resultsMessage(session, step, results));
  return { kind: "done" };
}

/** Gives every unfinished call of the step an error result, so the history stays a list of pairs. */
export async function closeStep(session: RunSession, step: Message, reason: string): Promise<void> {
  const calls = step.tool_calls ?? [];
  const states = await loadStates(session, calls);
  const results: ToolResult[] = [];
  for (const call of calls) {
    const state = states.get(call.id);
    results.push(toolResult(call, state?.status === "done" ? state : await finishCall(session, call, failure(reason))));
  }
  await session.append(resultsMessage(session, step, results));
}

/**
 * A regenerated reply that repeats a call of the branch it replaces (same tool, same canonical
 * input) gets that call's stored result: what already ran, or was approved and ran, never runs
 * again silently (no second execution, no second card). A changed input is a new call. Only the
 * versions of this request count (what hangs under the message before the person's message, where
 * an edit or a regenerate forks): a later turn that asks again really runs again.
 */
function resultOffPath(session: RunSession, call: ToolCall) {
  const history = session.history;
  const question = history.findLastIndex((message) => message.sender === "user" && !isToolResults(message));
  if (question === -1) return null;
  const fork = question === 0 ? null : (history[question - 1].id ?? null);
  if (question > 0 && fork === null) return null;
  return session.deps.store.findOffPathToolResult(call.tool_name, permissionInputKey(call.input_args), fork);
}

async function loadStates(session: RunSession, calls: ToolCall[]) {
  const states = await session.deps.store.getToolCallStates(calls.map((call) => call.id));
  return new Map(states.map((state) => [state.call_id, state]));
}

async function finishCall(session: RunSession, call: ToolCall, result: ToolResultPayload): Promise<ToolCallState> {
  const stored = await session.deps.store.saveToolCallState({
    call_id: call.id,
    run_id: session.runId,
    tool_name: call.tool_name,
    status: "done",
    result,
  });
  // If another execution finished first, its stored result is the one that counts.
  await session.deps.emit("tool_use_result", {
    call_id: call.id,
    tool_name: call.tool_name,
    id: call.id,
    name: call.tool_name,
    result: stored.result!,
  });
  return stored;
}

const toolResult = (call: ToolCall, state: ToolCallState): ToolResult => ({
  tool_name: call.tool_name,
  call_id: call.id,
  result: state.result!,
});

/** Its id derives from the step's, so a replayed append after a crash is skipped by the store. */
const resultsMessage = (session: RunSession, step: Message, results: ToolResult[]): Message => ({
  id: `${step.id}:results`,
  sender: "user",
  text: "",
  tool_results: results,
  created_at: session.timestamp(),
});
