import { randomUUID } from "node:crypto";
import type { BranchOptions } from "@/lib/agent/agent";
import type { Message } from "@/lib/agent/messages";
import { isToolResults } from "@/lib/agent/history";
import { prisma } from "@/lib/db/client";
import { createBranchedConversation } from "@/lib/db/conversation-branch-out";
import { ConversationForbiddenError, getConversation, mayManageConversation } from "@/lib/db/conversations";
import { PostgresStore } from "@/lib/db/postgres-store";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { ConversationSummary } from "@/lib/schemas/conversation";
import { AppError, conflict, notFound } from "@/lib/server/http/app-error";
import { countKinds } from "@/lib/server/attachments/resolve";
import { drainQueue, launch } from "@/lib/server/runs/launch";
import { refuseUnreadableImages } from "@/lib/server/runs/refuse-unreadable-images";
import { openTurn } from "@/lib/server/runs/open-turn";
import { admitRun, refundOnThrow, type RunAdmissionRequest } from "@/lib/server/billing/admission";
import { conversationStream } from "@/lib/server/sse/conversation-stream";

const BUSY = "The agent is still answering. Wait for it, or stop it first, then try again.";

/** A message the person typed (not tool results, not words injected from a skill or the inbox). */
const isTyped = (message: Message) =>
  message.sender === "user" &&
  !isToolResults(message) &&
  !message.is_skill_injection &&
  !message.is_inbox_injection &&
  !message.is_compaction;

/**
 * Edit: a new version of a message the person sent, as its sibling (the old one and what followed
 * stay, one "‹ 1 / 2 ›" away), answered by a new run. Streams like a message; 409 while a run is active.
 */
export async function editMessage(
  ctx: TenantContext,
  conversationId: string,
  messageId: string,
  text: string,
  requestSignal?: AbortSignal,
): Promise<Response> {
  // Messages carry no author: an edit rewrites what someone said, so it is the conversation's creator's or an admin's.
  const conversation = await getConversation(ctx, conversationId);
  if (!conversation) throw notFound("This conversation");
  if (!mayManageConversation(ctx, conversation.createdById)) throw new ConversationForbiddenError("edit messages in");
  return startBranch(ctx, conversationId, "message", requestSignal, (path) => {
    const at = indexOnPath(path, messageId);
    if (!isTyped(path[at])) throw new AppError(422, "not_editable", "Only a message you sent can be edited; this one is not.");
    // The new version keeps the files of the one it replaces (the person edits the words, not the attachments).
    const { images, attachments } = path[at];
    return { from: parentOf(path, at), text, ...(images && { images }), ...(attachments && { attachments }) };
  });
}

/**
 * Regenerate: a new version of the agent's reply, as a sibling of the reply that answered the same
 * message. Any agent message of the reply may be named; the branch starts after the person's
 * message the reply answers. Streams like a message; 409 while a run is active.
 */
export async function regenerateReply(
  ctx: TenantContext,
  conversationId: string,
  messageId: string,
  requestSignal?: AbortSignal,
): Promise<Response> {
  return startBranch(ctx, conversationId, "continuation", requestSignal, (path) => {
    const at = indexOnPath(path, messageId);
    if (path[at].sender !== "agent") throw new AppError(422, "not_regenerable", "Only the agent's replies can be regenerated.");
    const question = path.slice(0, at).findLastIndex(isTyped);
    const from = question === -1 ? undefined : path[question].id;
    if (from === undefined)
      throw new AppError(422, "not_regenerable", "This reply answers no message of yours, so it cannot be regenerated.");
    return { from };
  });
}

type Branch = Pick<BranchOptions, "from" | "text" | "images" | "attachments">;

/** `kind`: an edit sends a message (it counts as one); a regenerated reply answers one already counted. */
async function startBranch(
  ctx: TenantContext,
  conversationId: string,
  kind: RunAdmissionRequest["kind"],
  requestSignal: AbortSignal | undefined,
  choose: (path: Message[]) => Branch,
): Promise<Response> {
  const { after, agent } = await openTurn(ctx, conversationId);
  let branch: Branch;
  let admission;
  try {
    const path = await agent.store.getMessages();
    branch = choose(path);
    // The new version is answered with the files of the path it keeps (and its own): refused before any
    // call when the conversation's model cannot read them, as a new message is.
    const files = [...path, branch].map((message) => ({ inline: message.images?.length ?? 0, ...countKinds(message.attachments ?? []) }));
    refuseUnreadableImages(
      agent.glove.model,
      files.reduce((sum, file) => sum + file.inline + file.images, 0),
      files.reduce((sum, file) => sum + file.pdfs, 0),
    );
    admission = await admitRun(ctx, { kind, conversationId });
  } catch (error) {
    await agent.dispose();
    throw error;
  }
  const launched = await refundOnThrow(admission, async () => {
    const launched = await launch(
      conversationId,
      agent,
      (signal) => agent.glove.branch({ ...branch, signal, runId: randomUUID(), startedBy: ctx.userId }),
      (outcome) => drainQueue(agent, outcome),
      admission,
    );
    // Busy: the edit is refused (409), and its message is not counted.
    if (launched.kind === "settled") throw conflict(BUSY);
    return launched;
  });
  return conversationStream(ctx, conversationId, {
    after,
    until: launched.done,
    storedThrough: () => agent.recorder.lastStoredSeq,
    requestSignal,
  });
}

/** Shows the path through `messageId` (down to its newest version) and makes it the history the agent reads. */
export async function switchBranch(ctx: TenantContext, conversationId: string, messageId: string): Promise<void> {
  const store = await PostgresStore.open(prisma, { organizationId: ctx.organizationId, conversationId });
  const switched = await store.switchBranch(messageId);
  if (switched === "not_found") throw notFound("This message");
  if (switched === "busy") throw conflict(BUSY);
}

/**
 * "Branch into a new conversation": a new conversation of the organization holding a copy of the
 * active path up to and including `messageId` (with the results of its tool calls, so no step is left open).
 */
export async function branchOut(ctx: TenantContext, conversationId: string, messageId: string): Promise<ConversationSummary> {
  const [source, store] = await Promise.all([
    getConversation(ctx, conversationId),
    PostgresStore.open(prisma, { organizationId: ctx.organizationId, conversationId }),
  ]);
  if (!source) throw notFound("This conversation");
  const path = await store.getMessages();
  let end = indexOnPath(path, messageId) + 1;
  if (path[end - 1].tool_calls?.length) {
    if (!isToolResults(path[end])) throw conflict("This step's tools have not finished yet. Wait for them, then branch.");
    end += 1;
  }
  const { id } = await createBranchedConversation(ctx, source.title, path.slice(0, end));
  const created = await getConversation(ctx, id);
  if (!created) throw notFound("The new conversation");
  const { createdById, ...shown } = created;
  return { ...shown, canManage: mayManageConversation(ctx, createdById), busy: false, pendingSlots: 0 };
}

function indexOnPath(path: Message[], messageId: string): number {
  const at = path.findIndex((message) => message.id === messageId);
  if (at === -1) throw notFound("This message");
  return at;
}

/** Where a sibling of `path[at]` hangs: the message before it (null: it is the first). */
function parentOf(path: Message[], at: number): string | null {
  if (at === 0) return null;
  const parent = path[at - 1].id;
  if (parent === undefined) throw new AppError(422, "not_editable", "This message cannot be edited.");
  return parent;
}
