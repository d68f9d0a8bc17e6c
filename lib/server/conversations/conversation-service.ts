import { readConversationActivity } from "@/lib/db/conversation-activity";
import {
  ConversationForbiddenError,
  conversationCreator,
  createConversation,
  deleteConversation,
  discardEmptyConversation,
  listConversations,
  mayManageConversation,
  renameConversation,
  restoreConversation,
  type ConversationSummary as StoredSummary,
} from "@/lib/db/conversations";
import { AttachmentsNotPendingError } from "@/lib/db/attachments";
import { listOrganizationsForUser } from "@/lib/db/organizations";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { ConversationSummary } from "@/lib/schemas/conversation";
import { AppError, notFound } from "@/lib/server/http/app-error";
import type { PublicContext } from "@/lib/server/http/principal";
import type { UserContext } from "@/lib/server/http/route-builders";
import { resolveTenantContext } from "@/lib/db/organizations";
import { slugSchema } from "@/lib/schemas/text";
import { abortConversation } from "@/lib/server/runs/abort-conversation";
import { countAndReadTurnStart } from "@/lib/db/turn-start";
import type { sendMessageSchema } from "@/lib/schemas/conversation";
import { titleFromMessage } from "@/lib/schemas/conversation-title";
import { enforce } from "@/lib/server/rate-limit";
import { runLeaseMs } from "@/lib/server/runs/lease-config";
import { enforceCountedMessageRates, messageRateCounting, messagesPerUser } from "@/lib/server/runs/message-rate-limit";
import { sendMessage } from "@/lib/server/runs/send-message";
import { refuseMessageOverLimit } from "@/lib/server/billing/admission";
import type { z } from "zod";

/**
 * Creating and listing take an optional organization slug (`?org=`); without it, the user's
 * first organization (the oldest membership, the one sign-up created). Conversations belong to
 * the organization: every member sees and may continue all of them; renaming and deleting is for
 * the one who started it and for admins (`mayManageConversation`, which `canManage` reports).
 */
export async function organizationOf(user: UserContext, orgSlug: string | null): Promise<TenantContext> {
  const { userId } = user;
  if (orgSlug) {
    const ctx = slugSchema.safeParse(orgSlug).success ? await resolveTenantContext(userId, orgSlug) : null;
    if (!ctx) throw notFound("This organization");
    return ctx;
  }
  const first = (await listOrganizationsForUser(userId))[0];
  if (!first) throw notFound("An organization of yours");
  return { userId, organizationId: first.id, orgSlug: first.slug, role: first.role };
}

const view = (ctx: TenantContext, summary: StoredSummary, activity = { busy: false, pendingSlots: 0 }): ConversationSummary => ({
  id: summary.id,
  title: summary.title,
  canManage: mayManageConversation(ctx, summary.createdById),
  createdAt: summary.createdAt,
  lastActivityAt: summary.lastActivityAt,
  ...activity,
});

/** How long a conversation without a message still shows in the list: its first message may be on its way. */
const EMPTY_CONVERSATION_GRACE_MS = 5 * 60_000;

const notPending = (ids: string[]) => {
  const [what, again] = ids.length === 1 ? [`Attached file ${ids[0]} is`, "it"] : [`Attached files ${ids.join(", ")} are`, "them"];
  return new AppError(
    422,
    "attachment_not_pending",
    `${what} not among the files you attached for this new chat (removed, sent already, or not yours). Attach ${again} again, then send.`,
    { attachment_ids: ids },
  );
};

/**
 * A new conversation. With `message` (the chat's "New chat"), created with it: the message's run is
 * started as the message route would (its checks and limits apply), and the conversation is answered
 * busy; when the message is refused the conversation is removed again and the refusal is the answer,
 * so no empty conversation is left behind. Its `attachment_ids` are the person's pending files
 * (`POST /api/orgs/{slug}/attachments`), adopted as the conversation is created; a refused message
 * leaves them pending again.
 */
export async function startConversation(
  ctx: TenantContext,
  input: { title?: string; temporary?: boolean; message?: z.output<typeof sendMessageSchema> } = {},
): Promise<ConversationSummary> {
  const { message } = input;
  if (!message) return view(ctx, await createConversation(ctx, { title: input.title, temporary: input.temporary }));
  // Before anything is written: a person over the message limit creates nothing.
  await enforce(messagesPerUser(), ctx.userId, "messages");
  await refuseMessageOverLimit(ctx);
  const created = await createConversation(ctx, {
    title: input.title ?? titleFromMessage(message.text),
    temporary: input.temporary,
    attachmentIds: message.attachment_ids,
  }).catch((error: unknown) => {
    if (error instanceof AttachmentsNotPendingError) throw notPending(error.ids);
    throw error;
  });
  try {
    // The sender's rate was counted above; the organization's is counted with the turn start, as the message route's.
    const counting = messageRateCounting(null);
    const counted = await countAndReadTurnStart(ctx.userId, created.id, runLeaseMs(), undefined, counting);
    enforceCountedMessageRates(counted, counting.nowMs);
    const { turn } = counted;
    if (!turn) throw notFound("This conversation");
    // The run goes on detached; this request answers JSON, so the stream the message route would send is not read.
    const stream = await sendMessage(turn, created.id, message);
    await stream.body?.cancel();
  } catch (error) {
    await discardEmptyConversation(ctx, created.id);
    throw error;
  }
  const activity = await readConversationActivity(ctx, [created.id]);
  return view(ctx, created, activity.get(created.id));
}

export async function conversationList(ctx: TenantContext, options: { q?: string; cursor?: string; limit: number }) {
  const page = await listConversations(ctx, {
    query: options.q,
    cursor: options.cursor,
    limit: options.limit,
    hideEmptyBefore: new Date(Date.now() - EMPTY_CONVERSATION_GRACE_MS),
  });
  const activity = await readConversationActivity(
    ctx,
    page.conversations.map((conversation) => conversation.id),
  );
  return {
    conversations: page.conversations.map((conversation) => view(ctx, conversation, activity.get(conversation.id))),
    nextCursor: page.nextCursor,
  };
}

export async function retitleConversation(
  ctx: TenantContext & PublicContext,
  conversationId: string,
  title: string,
): Promise<ConversationSummary> {
  const renamed = await renameConversation(ctx, conversationId, title, ctx.ip);
  if (!renamed) throw notFound("This conversation");
  const activity = await readConversationActivity(ctx, [conversationId]);
  return view(ctx, renamed, activity.get(conversationId));
}

/**
 * Stops its run first (without waiting for another instance), then deletes it: restorable for a
 * while (`restoreDeletedConversation`), then purged with everything it owns; a temporary one at once.
 * The rule is checked before the stop too: a member may not stop a run by asking for a delete they may not make.
 */
export async function removeConversation(ctx: TenantContext & PublicContext, conversationId: string): Promise<void> {
  const found = await conversationCreator(ctx, conversationId);
  if (!found) throw notFound("This conversation");
  if (!mayManageConversation(ctx, found.createdById)) throw new ConversationForbiddenError("delete");
  await abortConversation(ctx, conversationId, { wait: false });
  if (!(await deleteConversation(ctx, conversationId, ctx.ip))) throw notFound("This conversation");
}

/** Undoes a delete within its window (lib/db/retention.ts RESTORE_WINDOW_MS); 404 after it or once purged. */
export async function restoreDeletedConversation(ctx: TenantContext & PublicContext, conversationId: string): Promise<ConversationSummary> {
  const restored = await restoreConversation(ctx, conversationId, ctx.ip);
  if (!restored) throw notFound("This deleted conversation");
  const activity = await readConversationActivity(ctx, [conversationId]);
  return view(ctx, restored, activity.get(conversationId));
}
