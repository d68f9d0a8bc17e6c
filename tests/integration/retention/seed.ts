// A conversation with a row in every table that hangs off one, for the retention purge's tests.
import { Glove } from "@/lib/agent/agent";
import { writeOutboxEvent } from "@/lib/db/outbox";
import type { TenantContext } from "@/lib/db/tenant-context";
import { ScriptedModel } from "@/lib/models/testing";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { openNewConversationStore } from "../store/support";

/** Tables whose rows name their conversation by a conversationId column: after the purge none names it (deleted, or set null). */
export const CONVERSATION_TABLES = [
  "AgentStore",
  "RunEvent",
  "Slot",
  "InboxItem",
  "DemoEmail",
  "MessageFeedback",
  "FormInstance",
  "FormSubmission",
  "PermissionRequest",
  "OutboxEvent",
  "ShareLink",
  "Attachment",
  "UsageEntry",
] as const;

export interface Seeded {
  conversationId: string;
  storeId: string;
  deliveryId: string;
  inboundEventId: string;
  /** The capability keys of its inbox item and share link (TenantKey). */
  keys: string[];
}

/** Messages and a completed run (a real Glove turn), then one row of every other kind, the conversation last active at `lastActivityAt`. */
export async function seedConversation(
  tenant: TenantContext,
  lastActivityAt: Date,
  options: { temporary?: boolean } = {},
): Promise<Seeded> {
  const prisma = getTestPrisma();
  const { conversation, store } = await openNewConversationStore(tenant);
  const conversationId = conversation.id;
  const glove = new Glove({ store, model: new ScriptedModel([{ text: "Kept words." }]), systemPrompt: "You test." }).build();
  const outcome = await glove.processRequest("Words to forget");
  if (outcome.status !== "completed") throw new Error(`expected a completed run, got ${outcome.status}`);
  const { runId } = outcome;
  const { id: storeId } = await prisma.agentStore.findFirstOrThrow({ where: { conversationId, namespace: "" } });
  const organizationId = tenant.organizationId;
  const now = new Date();
  const agentMessage = (await store.getMessages()).find((message) => message.sender === "agent")!;
  await prisma.runEvent.create({ data: { conversationId, seq: 1, organizationId, runId, type: "text_delta", data: { text: "Kept" } } });
  await prisma.slot.create({
    data: {
      storeId,
      id: "slot-1",
      organizationId,
      conversationId,
      runId,
      callId: "call-1",
      index: 0,
      kind: "wait",
      toolName: "ask",
      renderer: "choice",
      props: {},
      displayStrategy: "stay",
      status: "resolved",
      createdAt: now,
    },
  });
  const item = await prisma.inboxItem.create({
    data: {
      storeId,
      id: "call-2",
      organizationId,
      conversationId,
      tag: "ops",
      request: "Approve?",
      status: "resolved",
      blocking: false,
      createdAt: now,
    },
  });
  await prisma.tenantKey.create({ data: { kind: "inbox_item", key: item.publicId, organizationId } });
  await prisma.demoEmail.create({
    data: { organizationId, conversationId, toolCallId: `mail-${conversationId}`, to: "a@example.test", subject: "S", body: "B" },
  });
  await prisma.messageFeedback.create({
    data: { organizationId, conversationId, messageId: agentMessage.id!, runId, userId: tenant.userId, rating: "up" },
  });
  const form = await prisma.formDefinition.create({
    data: { organizationId, key: `form-${conversationId}`, name: "F", currentVersion: 1 },
  });
  const instance = await prisma.formInstance.create({
    data: {
      id: `fi-${conversationId}`,
      organizationId,
      conversationId,
      formKey: form.key,
      formVersion: 1,
      formDefinitionId: form.id,
      status: "submitted",
      version: 1,
      state: {},
      createdAt: now,
      updatedAt: now,
    },
  });
  await prisma.formSubmission.create({
    data: { organizationId, formDefinitionId: form.id, formVersion: 1, instanceId: instance.id, conversationId, values: {} },
  });
  await prisma.permissionRequest.create({
    data: {
      organizationId,
      toolName: "send_email",
      inputKey: "",
      requestedById: tenant.userId,
      conversationId,
      slotId: `slot-${conversationId}`,
    },
  });
  // An event about the conversation, as producers write it (the trigger records its conversation), and its delivery.
  await writeOutboxEvent(prisma, "run.completed", organizationId, {
    run_id: runId,
    conversation_id: conversationId,
    started_by_id: null,
    started_at: now.toISOString(),
    finished_at: now.toISOString(),
  });
  const event = await prisma.outboxEvent.findFirstOrThrow({ where: { organizationId, type: "run.completed", conversationId } });
  const endpoint = await prisma.webhookEndpoint.create({
    data: { organizationId, url: "https://example.test/hook", eventTypes: ["run.completed"], secretSealed: "sealed" },
  });
  const delivery = await prisma.webhookDelivery.create({
    data: { organizationId, endpointId: endpoint.id, eventId: event.id, eventType: event.type, status: "succeeded", attemptCount: 1 },
  });
  await prisma.webhookAttempt.create({
    data: { deliveryId: delivery.id, organizationId, attemptNumber: 1, startedAt: now, durationMs: 5, responseStatus: 200 },
  });
  await prisma.shareLink.create({
    data: {
      organizationId,
      conversationId,
      tokenHash: `hash-${conversationId}`,
      tokenPrefix: "abcdef",
      audience: "public",
      mode: "live",
      createdById: tenant.userId,
    },
  });
  await prisma.tenantKey.create({ data: { kind: "share_link", key: `hash-${conversationId}`, organizationId } });
  await prisma.attachment.create({
    data: {
      organizationId,
      conversationId,
      uploadedById: tenant.userId,
      mediaType: "text/plain",
      size: 5,
      sha256: "0".repeat(64),
      name: "notes.txt",
      bytes: Buffer.from("notes"),
    },
  });
  await prisma.usageEntry.create({
    data: { organizationId, kind: "tokens", conversationId, eventSeq: 1n, runId, userId: tenant.userId, tokensIn: 10, tokensOut: 2 },
  });
  const inbound = await prisma.inboundEndpoint.create({
    data: { organizationId, name: "in", tags: ["ops"], authKind: "bearer", tokenHash: "h", correlationPath: "data.id" },
  });
  const inboundEvent = await prisma.inboundEvent.create({
    data: { organizationId, endpointId: inbound.id, verification: "verified", outcome: "matched", resolvedItemId: item.publicId },
  });
  await prisma.conversation.updateMany({ where: { id: conversationId }, data: { lastActivityAt, temporary: options.temporary ?? false } });
  return {
    conversationId,
    storeId,
    deliveryId: delivery.id,
    inboundEventId: inboundEvent.id,
    keys: [item.publicId, `hash-${conversationId}`],
  };
}

async function count(sql: string, value: string): Promise<number> {
  const [row] = await getTestPrisma().$queryRawUnsafe<{ n: number }[]>(sql, value);
  return row!.n;
}

/** How many rows each table holds for the conversation (and its store's messages and runs, its delivery and inbound event). */
export async function rowsOf(seeded: Seeded): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ["Conversation", ...CONVERSATION_TABLES]) {
    const column = table === "Conversation" ? "id" : "conversationId";
    counts[table] = await count(`SELECT count(*)::int AS n FROM "${table}" WHERE "${column}" = $1`, seeded.conversationId);
  }
  for (const table of ["Message", "Run"])
    counts[table] = await count(`SELECT count(*)::int AS n FROM "${table}" WHERE "storeId" = $1`, seeded.storeId);
  counts.WebhookDelivery = await count(`SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE "id" = $1`, seeded.deliveryId);
  counts.WebhookAttempt = await count(`SELECT count(*)::int AS n FROM "WebhookAttempt" WHERE "deliveryId" = $1`, seeded.deliveryId);
  counts.InboundEvent = await count(`SELECT count(*)::int AS n FROM "InboundEvent" WHERE "id" = $1`, seeded.inboundEventId);
  const [keys] = await getTestPrisma().$queryRaw<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM "TenantKey" WHERE "key" = ANY(${seeded.keys})`;
  counts.TenantKey = keys!.n;
  return counts;
}
