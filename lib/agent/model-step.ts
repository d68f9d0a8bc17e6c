import { budgetSentence } from "./budget";
import { modelView, withNote } from "./history";
import { blockingInboxReminder } from "./inbox";
import type { Message } from "./messages";
import type { InboxItem } from "./store-adapter";
import { callModel } from "./model-call";
import type { RunSession } from "./run-session";
import { toolSpec } from "./tool";

const stepLimitNote = (limit: number) =>
  `[You have used all ${limit} steps allowed for this request, so tools are switched off. ` +
  "Reply to the user with a summary of where things stand: what is done, what is left, and what you need from them.]";

const budgetNote =
  "[This request has used up its token budget, so tools are switched off. " +
  "Reply to the user with a short summary of where things stand: what is done, what is left, and what you need from them.]";

/** Stored as the agent's reply when the model answered nothing: the person is never left with silence. */
export const EMPTY_REPLY_SENTENCE = "The model returned an empty answer. Try again, or rephrase the request.";

/**
 * Asks the model for the next step and stores its reply (one without tool calls is staged for the
 * run's end to store: RunSession.stage). Checked before the call (never cutting a stream): past
 * the iteration cap (model steps of the whole run) or the request's budget the call
 * is made with tool choice "none" and a note asking for a summary; at the budget the reply ends
 * with a sentence saying what was spent and how to go on. An empty reply is stored as
 * EMPTY_REPLY_SENTENCE. `inbox`: the store's items as read at this safe point, for the reminder
 * of blocking requests.
 */
export async function modelStep(session: RunSession, inbox: InboxItem[]): Promise<Message> {
  const { settings, tools, emit } = session.deps;
  const overBudget = session.meter.exceeded();
  const final = overBudget !== null || session.meter.steps >= settings.maxIterations;
  if (overBudget) await emit("budget_exceeded", { run_id: session.runId, ...overBudget });
  const notes = [blockingInboxReminder(inbox), overBudget ? budgetNote : final ? stepLimitNote(settings.maxIterations) : null];
  const view = withContextNote(
    notes.reduce((messages, note) => withNote(messages, note), modelView(session.history)),
    await session.deps.contextNote(),
  );

  const { message, result, announcedToolUseIds } = await callModel(session, view, {
    tools: [...tools.values()].map(toolSpec),
    toolChoice: final ? "none" : undefined,
    streamText: true,
    step: true,
  });
  let reply = final ? withoutToolCalls(message) : withUniqueCallIds(message, session);
  // At the budget its sentence closes the reply (an empty summary included), counting the summary call too.
  const spent = overBudget && (session.meter.exceeded() ?? overBudget);
  const closing = spent
    ? budgetSentence(spent.spent, spent.budget)
    : !reply.text.trim() && !reply.tool_calls?.length
      ? EMPTY_REPLY_SENTENCE
      : null;
  if (closing) {
    const added = reply.text.trim() ? `\n\n${closing}` : closing;
    await emit("text_delta", { text: added });
    reply = { ...reply, text: reply.text.trim() ? reply.text + added : added };
  }

  const completed = () =>
    emit("model_response_complete", {
      text: reply.text,
      ...(reply.tool_calls && { tool_calls: reply.tool_calls }),
      ...(result.stop_reason && { stop_reason: result.stop_reason }),
      tokens_in: result.tokens_in,
      tokens_out: result.tokens_out,
    });
  // A reply without calls is the run's last step unless work arrived: the run's end stores it.
  if (!reply.tool_calls?.length) {
    session.stage(reply, completed);
    return reply;
  }
  await session.append(reply);
  for (const call of reply.tool_calls) {
    if (!announcedToolUseIds.has(call.id)) await emit("tool_use", { id: call.id, name: call.tool_name, input: call.input_args });
  }
  await completed();
  return reply;
}

/**
 * The tier-0 note goes last, as a message of its own (not folded into the person's text like the
 * notes above): it changes every call, and adapters keep their cache breakpoint before it.
 */
function withContextNote(view: Message[], note: string | null): Message[] {
  return note ? [...view, { sender: "user", text: note, is_context_note: true }] : view;
}

/** Call ids key slots and call states, so a model that reuses an id must not reach an old call's answers. */
function withUniqueCallIds(message: Message, session: RunSession): Message {
  if (!message.tool_calls) return message;
  const used = new Set(session.history.flatMap((stored) => stored.tool_calls ?? []).map((call) => call.id));
  const tool_calls = message.tool_calls.map((call) => {
    const id = used.has(call.id) ? session.deps.newId() : call.id;
    used.add(id);
    return { ...call, id };
  });
  return { ...message, tool_calls };
}

function withoutToolCalls({ tool_calls: _ignored, ...message }: Message): Message {
  return message;
}
