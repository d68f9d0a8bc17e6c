import { z } from "zod";
import type { Message } from "./messages";
import type { InboxItem, QueuedMessage, RunStatus, SlotRecord, Task } from "./store-adapter";

/**
 * Every event a subscriber can receive, with Glove's names and payloads where Glove has them.
 * The server's SSE layer and the docs read this one module; `agentEventSchema` validates a frame.
 */

const toolCall = z.object({ id: z.string(), tool_name: z.string(), input_args: z.unknown() });
const toolResult = z.object({
  status: z.enum(["success", "error"]),
  data: z.unknown(),
  message: z.string().optional(),
  renderData: z.unknown().optional(),
});
const objectOf = <T>() => z.custom<T>((value) => typeof value === "object" && value !== null);
const tokenUsage = z.object({
  tokens_in: z.number(),
  tokens_out: z.number(),
  cache_read_tokens: z.number().optional(),
  cache_write_tokens: z.number().optional(),
});

export const agentEventSchemas = {
  /** A run began: a new request, or a continuation after waits settled. */
  run_started: z.object({ run_id: z.string(), kind: z.enum(["request", "continuation"]) }),
  text_delta: z.object({ text: z.string() }),
  /** A tool call the model made (streamed by the adapter, or emitted by the runtime if it did not). */
  tool_use: z.object({ id: z.string(), name: z.string(), input: z.unknown() }),
  /** Carries both Glove's `call_id`/`tool_name` and the short `id`/`name`. `renderData` is for clients. */
  tool_use_result: z.object({
    call_id: z.string(),
    tool_name: z.string(),
    id: z.string(),
    name: z.string(),
    result: toolResult,
  }),
  /** The repeat guard refused a call instead of running it; `count`: how often this exact call was made in the request, this one included. */
  tool_repeat_blocked: z.object({ call_id: z.string(), tool_name: z.string(), count: z.number() }),
  model_response_complete: z.object({
    text: z.string(),
    tool_calls: z.array(toolCall).optional(),
    stop_reason: z.string().optional(),
    tokens_in: z.number().optional(),
    tokens_out: z.number().optional(),
  }),
  /** Passed through from the reliability wrapper in lib/models; payload is its own. */
  model_retry: z.record(z.string(), z.unknown()),
  model_fallback: z.record(z.string(), z.unknown()),
  /** An agent with a light model: where this call went (the light or the heavy model) and its score. */
  model_routed: z.object({ model: z.string(), tier: z.enum(["light", "heavy"]), score: z.number(), threshold: z.number() }),
  compaction_start: z.object({ current_token_consumption: z.number() }),
  compaction_end: z.object({ current_token_consumption: z.number(), summary_message: objectOf<Message>() }),
  /** One model attempt's usage (a failed, retried or stopped one's too), with the model that consumed it. */
  token_consumption: z.object({ consumption: tokenUsage, model: z.string().optional() }),
  /** The request crossed its effective-token budget (budget.ts): no more tool steps, one summary call. */
  budget_exceeded: z.object({ run_id: z.string(), spent: z.number(), budget: z.number() }),
  hook_invoked: z.object({ name: z.string() }),
  skill_invoked: z.object({ name: z.string(), source: z.enum(["user", "agent"]), args: z.string().optional() }),
  /** Always followed by exactly one `subagent_completed`, also when the run is aborted. */
  subagent_invoked: z.object({ name: z.string(), prompt: z.string(), call_id: z.string() }),
  subagent_completed: z.object({
    name: z.string(),
    call_id: z.string(),
    status: z.enum(["success", "error"]),
    message: z.string().optional(),
  }),
  slot_push: z.object({ slot: objectOf<SlotRecord>() }),
  /** A slot was settled: resolved, rejected, expired or dismissed (see `slot.status`). */
  slot_resolved: z.object({ slot: objectOf<SlotRecord>() }),
  permission_decided: z.object({
    call_id: z.string(),
    tool_name: z.string(),
    allowed: z.boolean(),
    by: z.enum(["policy", "user", "stored"]),
    decision: z.enum(["allow_once", "allow_input_always", "allow_tool_always", "request_organization", "deny", "deny_always"]).optional(),
    reason: z.string().optional(),
    input_edited: z.boolean().optional(),
  }),
  tasks_updated: z.object({ tasks: z.array(objectOf<Task>()) }),
  inbox_updated: z.object({ items: z.array(objectOf<InboxItem>()) }),
  /**
   * A form instance changed (a fill, a revision, a checkpoint, a submission): its card's whole
   * view. lib/agent knows no forms, so the view is a JSON object here; it is lib/forms' `FormView`.
   */
  form_updated: z.object({ instance_id: z.string(), view: z.record(z.string(), z.unknown()) }),
  message_queued: z.object({ message: objectOf<QueuedMessage>(), queue_length: z.number() }),
  /** A stored user message the runtime added by itself: steering, inbox responses, a skill. */
  message_injected: z.object({ message: objectOf<Message>() }),
  run_suspended: z.object({ run_id: z.string(), slot_ids: z.array(z.string()) }),
  run_completed: z.object({ run_id: z.string() }),
  /**
   * `message` is written for a person: what happened and what to do next. The runtime emits and
   * stores the sentence it has; the server rewords it per reader as it sends it (members read who
   * can fix it), adding `code` (lib/schemas/run-error.ts) and, for owners and admins only, `detail`.
   */
  run_failed: z.object({ run_id: z.string(), message: z.string(), code: z.string().optional(), detail: z.string().optional() }),
  run_aborted: z.object({ run_id: z.string() }),
} as const;

export type AgentEventType = keyof typeof agentEventSchemas;

/** The events that end a run's stream (its verdicts), each with the status the run is in when it is sent. */
export const RUN_VERDICT_STATUS = {
  run_completed: "completed",
  run_suspended: "suspended",
  run_failed: "failed",
  run_aborted: "aborted",
} as const satisfies Partial<Record<AgentEventType, RunStatus>>;
export type AgentEventData<T extends AgentEventType> = z.infer<(typeof agentEventSchemas)[T]>;
export type AgentEvent = { [T in AgentEventType]: { type: T } & AgentEventData<T> }[AgentEventType];

export const AGENT_EVENT_TYPES = Object.keys(agentEventSchemas) as AgentEventType[];

/** Validates `{type, ...data}`. */
export const agentEventSchema = z.custom<AgentEvent>((value) => {
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !(type in agentEventSchemas)) return false;
  return agentEventSchemas[type as AgentEventType].safeParse(value).success;
});

/** Glove's subscriber shape. */
export interface SubscriberAdapter {
  record<T extends AgentEventType>(eventType: T, data: AgentEventData<T>): Promise<void> | void;
}

export type Emit = <T extends AgentEventType>(eventType: T, data: AgentEventData<T>) => Promise<void>;

/** Event names a model adapter may emit through `notify`; anything else is dropped. */
export const MODEL_EVENT_TYPES = [
  "text_delta",
  "tool_use",
  "model_response_complete",
  "model_retry",
  "model_fallback",
  "model_routed",
] as const;
