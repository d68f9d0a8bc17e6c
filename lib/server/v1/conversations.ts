import { randomUUID } from "node:crypto";
import { readConversationActivity } from "@/lib/db/conversation-activity";
import { readConversationSnapshot } from "@/lib/db/conversation-snapshot";
import { createConversation, getConversation, listConversations } from "@/lib/db/conversations";
import { listInboxItems } from "@/lib/db/v1-inbox";
import type {
  V1ConversationCreated,
  V1ConversationDetail,
  V1ConversationPage,
  V1CreateConversationBody,
  V1MessageAccepted,
} from "@/lib/schemas/v1-conversations";
import { notFound } from "@/lib/server/http/app-error";
import type { IdempotentResult } from "@/lib/server/http/idempotency";
import type { ApiKeyContext } from "@/lib/server/http/route-builders";
import { admitMessage, admitRun, refundOnThrow, type Admission } from "@/lib/server/billing/admission";
import { drainQueue, launch } from "@/lib/server/runs/launch";
import { enforceMessageRates } from "@/lib/server/runs/message-rate-limit";
import { openTurn } from "@/lib/server/runs/open-turn";
import { recoverDeadRuns } from "@/lib/server/runs/recover-dead-runs";
import { runViewForReader } from "@/lib/server/runs/run-error-view";
import { conversationStream } from "@/lib/server/sse/conversation-stream";

/**
 * The conversations of /api/v1: what a machine starts, joins and polls. The key is no user: the
 * conversations it creates and the runs its messages start name nobody (`createdById` and
 * `startedById` stay null), and its messages count against the same per-sender limit as a person's.
 */

const conversationUrl = (id: string) => `/api/v1/conversations/${id}`;

export async function createV1Conversation(
  ctx: ApiKeyContext,
  body: V1CreateConversationBody,
  stream: { wanted: boolean; signal?: AbortSignal },
): Promise<IdempotentResult> {
  // The message's limits first: a 429 or a 402 must leave no conversation behind (a retry would make a second one).
  const admission = body.message !== undefined ? await admitFirstMessage(ctx) : undefined;
  const created = await (admission ? refundOnThrow(admission, () => newConversation(ctx, body)) : newConversation(ctx, body));
  const conversation = { id: created.id, title: created.title, created_at: created.createdAt };
  if (body.message === undefined || !admission) return { status: 201, body: { conversation } satisfies V1ConversationCreated };
  await refundOnThrow(admission, () => admission.attribute(created.id));
  const sent = await startMessage(ctx, created.id, body.message, stream, admission);
  return {
    status: 201,
    body: { conversation, run: sent.body as V1MessageAccepted } satisfies V1ConversationCreated,
    response: sent.response,
  };
}

const newConversation = (ctx: ApiKeyContext, body: V1CreateConversationBody) =>
  createConversation({ organizationId: ctx.organizationId, userId: null }, { title: body.title });

/**
 * A message from the key: starts a run (detached: a client that leaves never stops it) or queues
 * for the active one. Answers 202 with where to follow it, or with `stream.wanted` the run's events
 * as the browser gets them (the stored answer, replayed to a retry, is the 202 body either way).
 */
export async function sendV1Message(
  ctx: ApiKeyContext,
  conversationId: string,
  text: string,
  stream: { wanted: boolean; signal?: AbortSignal },
): Promise<IdempotentResult & { body: V1MessageAccepted }> {
  await enforceMessageRates(ctx, "messages from this API key");
  // The plan's limits (402) come last, from the run's start (startMessage): a message refused for another reason is not counted.
  return startMessage(ctx, conversationId, text, stream);
}

/** A new conversation's message: the key's and the organization's message rates (429), then the plan's limits (402). */
async function admitFirstMessage(ctx: ApiKeyContext): Promise<Admission> {
  await enforceMessageRates(ctx, "messages from this API key");
  return admitRun(ctx, { kind: "message", apiKeyId: ctx.actor.keyId });
}

async function startMessage(
  ctx: ApiKeyContext,
  conversationId: string,
  text: string,
  stream: { wanted: boolean; signal?: AbortSignal },
  /** A new conversation's message was admitted before the conversation existed; any other is admitted by its run's start. */
  admitted?: Admission,
): Promise<IdempotentResult & { body: V1MessageAccepted }> {
  const { after, agent } = await (admitted ? refundOnThrow(admitted, () => openTurn(ctx, conversationId)) : openTurn(ctx, conversationId));
  let admission: Admission;
  try {
    admission = admitted ?? (await admitMessage(ctx, { kind: "message", apiKeyId: ctx.actor.keyId, conversationId }, agent.store));
  } catch (error) {
    await agent.dispose();
    throw error;
  }
  const launched = await refundOnThrow(admission, () =>
    launch(
      conversationId,
      agent,
      (signal) => agent.glove.processRequest(text, { signal, runId: randomUUID() }),
      (outcome) => drainQueue(agent, outcome),
      admission,
    ),
  );
  // A queued message is counted like any other (people sent it; the running run answers it); its hold went with the launch.
  const accepted: V1MessageAccepted = {
    run_id: launched.kind === "running" ? launched.runId : null,
    status: launched.kind === "running" ? "running" : "queued",
    events_url: `${conversationUrl(conversationId)}/events?after=${after}`,
    conversation_url: conversationUrl(conversationId),
  };
  if (!stream.wanted) return { status: 202, body: accepted };
  const response = await conversationStream(ctx, conversationId, {
    after,
    until: launched.kind === "running" ? launched.done : Promise.resolve(),
    storedThrough: () => agent.recorder.lastStoredSeq,
    requestSignal: stream.signal,
  });
  return { status: 202, body: accepted, response };
}

/** 404 unless the conversation is the key's organization's (another organization's alike). */
export async function requireV1Conversation(ctx: ApiKeyContext, conversationId: string): Promise<void> {
  if (!(await getConversation(ctx, conversationId))) throw notFound("This conversation");
}

export async function v1ConversationPage(ctx: ApiKeyContext, query: { cursor?: string; limit: number }): Promise<V1ConversationPage> {
  const page = await listConversations(ctx, { cursor: query.cursor, limit: query.limit });
  const activity = await readConversationActivity(
    ctx,
    page.conversations.map((conversation) => conversation.id),
  );
  return {
    conversations: page.conversations.map((conversation) => ({
      id: conversation.id,
      title: conversation.title,
      created_at: conversation.createdAt,
      last_activity_at: conversation.lastActivityAt,
      busy: activity.get(conversation.id)?.busy ?? false,
    })),
    next_cursor: page.nextCursor,
  };
}

/** The conversation as a poller needs it; a run whose server died is marked failed first (as the chat page's snapshot does). */
export async function v1ConversationDetail(ctx: ApiKeyContext, conversationId: string): Promise<V1ConversationDetail> {
  await recoverDeadRuns({ organizationId: ctx.organizationId, conversationId });
  const [rows, inbox] = await Promise.all([
    readConversationSnapshot(ctx, conversationId),
    listInboxItems(ctx, { conversationId, limit: 100 }),
  ]);
  if (!rows) throw notFound("This conversation");
  const pendingCards = rows.slots.filter((slot) => slot.status === "pending");
  const waitingItem = inbox.items.some((item) => item.blocking && item.status === "pending");
  const status = rows.run?.status === "running" ? "running" : pendingCards.length > 0 || waitingItem ? "waiting" : "idle";
  return {
    conversation: {
      id: rows.conversation.id,
      title: rows.conversation.title,
      created_at: rows.conversation.createdAt,
      status,
      messages: rows.messages
        // What was said: not the runtime's own notes and injections.
        .filter((message) => !message.is_context_note && !message.is_inbox_injection && message.text.trim() !== "")
        .map((message) => ({ sender: message.sender, text: message.text, created_at: message.created_at ?? null })),
      pending_cards: pendingCards.map((slot) => ({ id: slot.id, kind: slot.kind, tool: slot.tool_name, props: slot.props })),
      inbox_items: inbox.items,
      // An API key reads a failed run as a member does: the sentence for people, no technical detail.
      run: rows.run ? { id: rows.run.id, status: rows.run.status, error: runViewForReader(rows.run, ctx)?.error ?? null } : null,
      last_event_id: rows.lastEventSeq,
    },
  };
}
