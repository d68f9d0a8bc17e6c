import { z } from "zod";
import type { RequestMeter } from "../budget";
import type { AgentEventType, Emit, SubscriberAdapter } from "../events";
import type { DefineSubAgentArgs, SubAgentRunnable } from "../extensions/subagents";
import { AbortError } from "../errors";
import type { Message, ToolResultPayload } from "../messages";
import type { StoreAdapter } from "../store-adapter";
import { defineTool, failure, success } from "../tool";

export const SUBAGENT_TOOL_NAME = "glove_invoke_subagent";

/**
 * The child's own lifecycle and cards stay out of the parent's stream; its model and tool events are relayed.
 * A child stopped by the shared budget says so in its answer; the parent request announces the crossing once.
 */
const CHILD_ONLY_EVENTS = new Set<AgentEventType>([
  "budget_exceeded",
  "run_started",
  "run_suspended",
  "run_completed",
  "run_failed",
  "run_aborted",
  "message_queued",
  "message_injected",
  "slot_push",
  "slot_resolved",
]);

// Module-level, so the JSON schema the model sees is converted once (tool.ts), not per rebuild.
const invokeSubagentInput = z.object({ name: z.string(), prompt: z.string().min(1) });

/**
 * Dispatches to a subagent built by its factory over a durable sub-store named after the tool
 * call, so a re-executed call finds the child's earlier answer (or its interrupted run) instead
 * of starting over. Subagents cannot wait for people: a child that suspends is aborted and
 * reported as an error. The child's model calls count against the dispatching request's budget
 * (`chargeTo`). `around` emits `subagent_invoked`/`subagent_completed` around each execution.
 */
export function createInvokeSubagentTool(
  subagents: ReadonlyMap<string, DefineSubAgentArgs>,
  store: StoreAdapter,
  emit: Emit,
  /** The meter of the dispatching run: the child's usage counts against that request's budget. */
  meterOf: (runId: string) => RequestMeter | undefined,
) {
  const names = () => [...subagents.keys()].join(", ");
  return defineTool({
    name: SUBAGENT_TOOL_NAME,
    description: [
      "Hand a self-contained task to a specialised subagent and get its final answer:",
      ...[...subagents.values()].map((subagent) => `- ${subagent.name}: ${subagent.description ?? ""}`),
    ].join("\n"),
    inputSchema: invokeSubagentInput,
    around: (input, ctx, run) => bracket(emit, input, ctx.callId, run),
    async do(input, _display, _glove, signal, ctx) {
      const subagent = subagents.get(input.name);
      if (!subagent) return failure(`Subagent "${input.name}" is not registered. Use one of: ${names()}.`);
      const childStore = await store.createSubAgentStore(`subagent:${input.name}:${ctx.callId}`, true);
      const earlier = finalAnswer(await childStore.getMessages());
      if (earlier !== null && !(await childStore.getActiveRun())) return success({ subagent: input.name, content: earlier });

      let child: SubAgentRunnable;
      try {
        child = await subagent.factory({ name: input.name, prompt: input.prompt, parentStore: store, store: childStore });
      } catch (error) {
        return failure(`Subagent "${input.name}" factory threw: ${error instanceof Error ? error.message : String(error)}`);
      }
      const meter = meterOf(ctx.runId);
      if (meter) child.chargeTo?.(meter);
      const relay: SubscriberAdapter = { record: (type, data) => (CHILD_ONLY_EVENTS.has(type) ? undefined : emit(type, data)) };
      child.addSubscriber(relay);
      try {
        const outcome = (await childStore.getActiveRun())
          ? await child.continueRun({ signal, recover: true })
          : await child.processRequest(input.prompt, { signal });
        if (outcome.status === "completed") return success({ subagent: input.name, content: outcome.reply?.text ?? "" });
        if (outcome.status === "aborted") throw new AbortError();
        if (outcome.status === "suspended") {
          await child.abort();
          return failure(
            `Subagent "${input.name}" needed an answer from a person, which subagents cannot wait for. Do that step yourself.`,
          );
        }
        if (outcome.status === "failed") return failure(`Subagent "${input.name}" failed: ${outcome.error}`);
        return failure(`Subagent "${input.name}" could not start (${outcome.status}).`);
      } finally {
        child.removeSubscriber(relay);
      }
    },
  });
}

function finalAnswer(history: Message[]): string | null {
  const last = history.at(-1);
  return last?.sender === "agent" && !last.tool_calls?.length ? last.text : null;
}

/** `subagent_invoked` and `subagent_completed` always come in pairs, also on abort and error. */
async function bracket(emit: Emit, input: { name: string; prompt: string }, callId: string, run: () => Promise<ToolResultPayload>) {
  const { name, prompt } = input;
  await emit("subagent_invoked", { name, prompt, call_id: callId });
  let completion: { status: "success" | "error"; message?: string } = { status: "error", message: "The subagent did not finish." };
  try {
    const result = await run();
    completion = result.status === "success" ? { status: "success" } : { status: "error", message: result.message };
    return result;
  } catch (error) {
    completion = { status: "error", message: error instanceof AbortError ? "Subagent run aborted by the user." : completion.message };
    throw error;
  } finally {
    await emit("subagent_completed", { name, call_id: callId, ...completion });
  }
}
