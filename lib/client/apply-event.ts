import type { AttachmentRef, Message, ToolCall } from "@/lib/agent/messages";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import type { FormView } from "@/lib/forms/view";
import type { RunErrorCode } from "@/lib/schemas/run-error";
import type { ChatEvent } from "./chat-event";
import type { ChatState } from "./chat-state";

/** Prefix of ids of messages this client made up before the server's snapshot has them. */
export const LOCAL_ID_PREFIX = "local:";
/** An optimistic message whose run has ended: the server has stored it, the next snapshot shows it. */
export const SENT_ID_PREFIX = "sent:";

/**
 * The one reducer of the chat: folds a run event into the state. Pure; an event at or below
 * `lastEventSeq` was already applied (or is in the snapshot) and changes nothing, so the POST
 * stream, the GET /events tail and a replay after reconnecting can all feed it.
 */
export function applyEvent(state: ChatState, event: ChatEvent): ChatState {
  if (event.seq <= state.lastEventSeq) return state;
  const next = { ...state, lastEventSeq: event.seq };
  switch (event.type) {
    case "run_started":
      return {
        ...next,
        run: { id: event.run_id, status: "running", error: null },
        streamingText: "",
        streamingToolCalls: [],
        notice: null,
        answering: undefined,
        stopRequested: state.stopRequested === event.run_id ? state.stopRequested : undefined,
      };
    case "text_delta":
      if (stopping(state)) return next;
      return { ...next, streamingText: state.streamingText + event.text, notice: null };
    case "tool_use":
      if (stopping(state) || state.streamingToolCalls.some((call) => call.id === event.id)) return next;
      return {
        ...next,
        streamingToolCalls: [...state.streamingToolCalls, { id: event.id, tool_name: event.name, input_args: event.input }],
      };
    case "model_response_complete":
      return {
        ...next,
        messages: [...state.messages, { ...agentMessage(`event:${event.seq}`, event.text, event.tool_calls), ...state.answering }],
        streamingText: "",
        streamingToolCalls: [],
        answering: undefined,
      };
    case "tool_use_result":
      return { ...next, liveResults: { ...state.liveResults, [event.call_id]: event.result } };
    case "model_retry":
      // The reliability wrapper retries the whole call: what streamed so far will be sent again.
      return event.discardPartial === true
        ? { ...next, streamingText: "", streamingToolCalls: [], notice: retryNotice(event) }
        : { ...next, notice: retryNotice(event) };
    case "event_not_stored":
      return { ...next, notice: event.message };
    case "model_fallback": {
      const notice = `${String(event.from ?? "The model")} did not answer, so ${String(event.to ?? "a fallback model")} answers instead.`;
      // The notice goes at the next text delta; what the row says about its model stays (answered-by.tsx).
      const answering = { ...state.answering, ...fallbackOf(event, state.answering) };
      return event.discardPartial === true
        ? { ...next, streamingText: "", streamingToolCalls: [], notice, answering }
        : { ...next, notice, answering };
    }
    case "model_routed":
      return {
        ...next,
        answering: { ...state.answering, routed: { model: event.model, tier: event.tier, score: event.score, threshold: event.threshold } },
      };
    case "compaction_start":
      return { ...next, isCompacting: true };
    case "compaction_end":
      return { ...next, isCompacting: false, messages: [...state.messages, event.summary_message] };
    case "token_consumption":
      return { ...next, stats: addUsage(state.stats, event.consumption) };
    case "budget_exceeded":
      // Shown until the summary streams; the reply itself ends with the sentence that stays.
      return {
        ...next,
        notice: `This request used its budget of ${event.budget.toLocaleString("en-US")} effective tokens; summarising where things stand…`,
      };
    case "slot_push":
    case "slot_resolved":
      return { ...next, slots: upsertSlot(state.slots, event.slot) };
    case "tasks_updated":
      return { ...next, tasks: event.tasks };
    case "inbox_updated":
      return { ...next, inbox: event.items };
    case "form_updated":
      // lib/agent types the view as any JSON object; the runtime emits lib/forms' FormView.
      return { ...next, forms: upsertForm(state.forms, event.view as FormView) };
    case "message_queued": {
      if (state.queued.some((queued) => queued.id === event.message.id)) return next;
      // The queue indicator shows it from now on, not the timeline.
      const optimistic = state.messages.findIndex((m) => m.id?.startsWith(LOCAL_ID_PREFIX) && m.text === event.message.text);
      const messages = optimistic === -1 ? state.messages : state.messages.filter((_, index) => index !== optimistic);
      return { ...next, messages, queued: [...state.queued, event.message] };
    }
    case "message_injected":
    case "user_message":
      return injectMessage(next, event.message);
    case "run_suspended":
      return { ...endRun(next, event.run_id, "suspended"), notice: null };
    case "run_completed":
      return endRun(next, event.run_id, "completed");
    case "run_failed":
      return {
        ...endRun(next, event.run_id, "failed"),
        run: {
          id: event.run_id,
          status: "failed",
          error: event.message,
          // Worded for this reader by the server (lib/server/runs/run-error-view.ts); `detail` reaches admins only.
          ...(event.code !== undefined && { code: event.code as RunErrorCode }),
          ...(event.detail !== undefined && { detail: event.detail }),
        },
      };
    case "run_aborted":
      return endRun(next, event.run_id, "aborted");
    default:
      return next;
  }
}

/** Stop was clicked for the run streaming now: what it streams from here on is not shown. */
const stopping = (state: ChatState) => state.stopRequested !== undefined && state.stopRequested === state.run?.id;

/** Stop was clicked: the streaming text freezes now, not when the server's stop lands. */
export function withStopRequested(state: ChatState): ChatState {
  return state.run ? { ...state, stopRequested: state.run.id } : state;
}

const agentMessage = (id: string, text: string, toolCalls: ToolCall[] | undefined): Message => ({
  id,
  sender: "agent",
  text,
  ...(toolCalls?.length ? { tool_calls: toolCalls } : {}),
});

/** The first model fallen back from stays the one replaced (`Message.fallback`, as the server stores it). */
function fallbackOf(event: Record<string, unknown>, answering: ChatState["answering"]): Pick<Message, "fallback"> {
  if (answering?.fallback) return {};
  return { fallback: { from: String(event.from ?? "the model"), kind: String(event.kind ?? "") } };
}

function retryNotice(event: Record<string, unknown>): string {
  const { attempt, maxAttempts } = event;
  const count = typeof attempt === "number" && typeof maxAttempts === "number" ? ` (attempt ${attempt} of ${maxAttempts})` : "";
  return `The model did not answer; retrying${count}…`;
}

function addUsage(stats: ChatState["stats"], usage: Extract<ChatEvent, { type: "token_consumption" }>["consumption"]): ChatState["stats"] {
  return {
    ...stats,
    tokens_in: stats.tokens_in + usage.tokens_in,
    tokens_out: stats.tokens_out + usage.tokens_out,
    cache_read_tokens: stats.cache_read_tokens + (usage.cache_read_tokens ?? 0),
    cache_write_tokens: stats.cache_write_tokens + (usage.cache_write_tokens ?? 0),
    context_tokens: usage.tokens_in + usage.tokens_out,
  };
}

export function upsertSlot(slots: SlotRecord[], slot: SlotRecord): SlotRecord[] {
  const at = slots.findIndex((existing) => existing.id === slot.id);
  if (at === -1) return [...slots, slot];
  return slots.map((existing, index) => (index === at ? slot : existing));
}

/**
 * Replaces the card's view of that instance, or adds it. Two commits' events may arrive out of
 * order (two tabs, a replay after a reconnect): the view with the higher instance version wins,
 * and an equal one replaces (the same state again, or a newer rendering of it).
 */
export function upsertForm(forms: FormView[], view: FormView): FormView[] {
  const at = forms.findIndex((held) => held.instanceId === view.instanceId);
  if (at === -1) return [...forms, view];
  if (view.version < forms[at].version) return forms;
  return forms.map((held, index) => (index === at ? view : held));
}

/** A stored user message (typed, steering, inbox, skill): it replaces its optimistic copy or its queue entry. */
function injectMessage(state: ChatState, message: Message): ChatState {
  if (message.id && state.messages.some((existing) => existing.id === message.id)) return state;
  const optimistic = state.messages.findIndex(
    (m) => m.id?.startsWith(LOCAL_ID_PREFIX) && m.sender === message.sender && m.text === message.text,
  );
  const messages =
    optimistic === -1 ? [...state.messages, message] : state.messages.map((existing, index) => (index === optimistic ? message : existing));
  const queuedAt = state.queued.findIndex((queued) => queued.text === (message.pre_modified_text ?? message.text));
  const queued = queuedAt === -1 ? state.queued : state.queued.filter((_, index) => index !== queuedAt);
  return { ...state, messages, queued };
}

/**
 * A run ended. Text that streamed without a closing `model_response_complete` (an abort keeps it,
 * a failure may) stays visible as the agent's message, as the server stores it.
 */
function endRun(state: ChatState, runId: string, status: "suspended" | "completed" | "failed" | "aborted"): ChatState {
  const partial = state.streamingText.trim();
  const messages = state.messages.map((m) =>
    m.id?.startsWith(LOCAL_ID_PREFIX) ? { ...m, id: SENT_ID_PREFIX + m.id.slice(LOCAL_ID_PREFIX.length) } : m,
  );
  return {
    ...state,
    run: { id: runId, status, error: null },
    messages:
      partial && status !== "suspended"
        ? [
            ...messages,
            {
              ...agentMessage(`partial:${state.lastEventSeq}`, partial, undefined),
              ...state.answering,
              ...(status === "aborted" && { stopped: true }),
            },
          ]
        : messages,
    streamingText: "",
    streamingToolCalls: [],
    isCompacting: false,
    notice: null,
    answering: undefined,
    stopRequested: undefined,
  };
}

/** The message a person just sent, shown before the server confirms it. */
export function withOptimisticMessage(state: ChatState, id: string, text: string, attachments: AttachmentRef[] = []): ChatState {
  const message: Message = { id: `${LOCAL_ID_PREFIX}${id}`, sender: "user", text, created_at: new Date().toISOString() };
  return { ...state, messages: [...state.messages, attachments.length ? { ...message, attachments } : message] };
}

/**
 * A verdict the server sent from memory (the database could not store it): the run ends in the
 * view, and `lastEventSeq` stays, so the stored events still apply when the database has them.
 */
export function applyUnstoredVerdict(state: ChatState, event: ChatEvent): ChatState {
  return { ...applyEvent({ ...state, lastEventSeq: -Infinity }, event), lastEventSeq: state.lastEventSeq };
}
