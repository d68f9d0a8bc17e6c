// The FormAdapter contract on Postgres, and what only Postgres has: the outbox, tenants, conversations that go away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { NotFoundError } from "@/lib/agent/errors";
import { createConversation, deleteConversation } from "@/lib/db/conversations";
import { purgeConversations } from "@/lib/db/retention";
import { PostgresFormAdapter } from "@/lib/db/postgres-form-adapter";
import type { TenantContext } from "@/lib/db/tenant-context";
import { FormConflictError, FormError } from "@/lib/forms/errors";
import type { FormInstanceState, FormSnapshot } from "@/lib/forms/types";
import { formAdapterContract } from "@/tests/contract/form-adapter-contract";
import { getTestPrisma, testPgPool } from "@/tests/integration/support/databases";
import { createTenant } from "@/tests/integration/store/support";

const FORM_KEY = "expense-claim";
// More connections than the app's pool, so 20 concurrent commits really run side by side.
let pool: Pool;
let tenant: TenantContext;
let stranger: TenantContext;
let definitionId: string;

beforeAll(async () => {
  pool = testPgPool(20);
  [tenant, stranger] = await Promise.all([createTenant("forms"), createTenant("stranger")]);
  definitionId = (await defineForm(tenant, FORM_KEY)).id;
  // The other tenant has a form of the same key: its definition must never be the one used.
  await defineForm(stranger, FORM_KEY);
});
afterAll(async () => {
  await pool.end();
});

function defineForm(owner: TenantContext, key: string) {
  return getTestPrisma().formDefinition.create({
    data: { organizationId: owner.organizationId, key, name: "Expense claim", currentVersion: 2 },
  });
}

async function adapterFor(owner: TenantContext) {
  const conversation = await createConversation(owner);
  return {
    conversation,
    adapter: new PostgresFormAdapter(pool, { organizationId: owner.organizationId, conversationId: conversation.id }),
  };
}

formAdapterContract(
  "PostgresFormAdapter",
  async () => {
    const { conversation, adapter } = await adapterFor(tenant);
    return {
      adapter,
      otherScope: (await adapterFor(stranger)).adapter,
      submissions: async () =>
        (
          await getTestPrisma().formSubmission.findMany({
            where: { organizationId: tenant.organizationId, conversationId: conversation.id },
            select: { instanceId: true, values: true },
          })
        ).map((row) => ({ instanceId: row.instanceId, values: row.values as Record<string, unknown> })),
    };
  },
  { formId: FORM_KEY, unknownFormId: "no-such-form" },
);

const state: FormInstanceState = {
  currentStepId: "travel",
  revisiting: [],
  edges: {},
  awaiting: null,
  failures: [],
  terminatedReason: null,
};
const at = "2030-01-01T00:00:00.000Z";

async function startForm(adapter: PostgresFormAdapter, id = `form-${crypto.randomUUID()}`) {
  return adapter.create({ id, formId: FORM_KEY, formVersion: 2, state, at, by: { kind: "person", id: tenant.userId, name: "Ada" } });
}
const fill = (snapshot: FormSnapshot, fieldId: string, value: unknown) => ({
  instanceId: snapshot.instance.id,
  expectedVersion: snapshot.instance.version,
  entries: [{ fieldId, op: "set" as const, value, by: { kind: "agent" as const }, at }],
  status: snapshot.instance.status,
  state,
  at,
});

describe("PostgresFormAdapter", () => {
  it("records the tenant's definition and the person who started the instance", async () => {
    const { adapter, conversation } = await adapterFor(tenant);
    const created = await startForm(adapter);
    expect(await getTestPrisma().formInstance.findFirstOrThrow({ where: { id: created.instance.id } })).toMatchObject({
      organizationId: tenant.organizationId,
      conversationId: conversation.id,
      formKey: FORM_KEY,
      formDefinitionId: definitionId,
      startedById: tenant.userId,
      version: created.instance.version,
    });
  });

  it("writes the submission's form.completed event to the outbox in the same commit", async () => {
    const { adapter, conversation } = await adapterFor(tenant);
    const created = await startForm(adapter);
    const values = { mode: "rail", amount: { value: 120.5, currency: "EUR" }, notes: null };
    await adapter.commit({
      ...fill(created, "mode", "rail"),
      status: "submitted",
      submission: { values, by: { kind: "person", id: tenant.userId, name: "Ada" } },
      at: "2030-01-02T03:04:05.678Z",
    });

    const prisma = getTestPrisma();
    const submission = await prisma.formSubmission.findFirstOrThrow({ where: { instanceId: created.instance.id } });
    expect(submission).toMatchObject({
      organizationId: tenant.organizationId,
      formDefinitionId: definitionId,
      formVersion: 2,
      conversationId: conversation.id,
      submittedById: tenant.userId,
      status: "new",
      values,
    });
    const events = await prisma.outboxEvent.findMany({ where: { organizationId: tenant.organizationId, type: "form.completed" } });
    const event = events.find(
      (candidate) => (candidate.payload as { data: { instance_id: string } }).data.instance_id === created.instance.id,
    );
    expect(event?.payload).toEqual({
      id: event?.id,
      type: "form.completed",
      created_at: "2030-01-02T03:04:05.678Z",
      organization_id: tenant.organizationId,
      data: {
        submission_id: submission.id,
        form: { id: definitionId, key: FORM_KEY, version: 2 },
        instance_id: created.instance.id,
        conversation_id: conversation.id,
        values,
        submitted_by: { kind: "person", id: tenant.userId, name: "Ada" },
      },
    });
  });

  it("refuses a second submission of the same instance and writes nothing for it", async () => {
    const { adapter } = await adapterFor(tenant);
    const created = await startForm(adapter);
    const submit = (snapshot: FormSnapshot) =>
      adapter.commit({ ...fill(snapshot, "mode", "rail"), status: "submitted", submission: { values: {}, by: { kind: "agent" } } });
    const submitted = await submit(created);

    const error = await submit(submitted).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FormError);
    expect((error as FormError).code).toBe("already_submitted");
    expect(await adapter.load(created.instance.id)).toEqual(submitted);
    expect(
      await getTestPrisma().outboxEvent.count({ where: { payload: { path: ["data", "instance_id"], equals: created.instance.id } } }),
    ).toBe(1);
  });

  it("lets another organization neither load nor commit an instance, even with the conversation's id", async () => {
    const { adapter, conversation } = await adapterFor(tenant);
    const created = await startForm(adapter);
    const intruder = new PostgresFormAdapter(pool, { organizationId: stranger.organizationId, conversationId: conversation.id });

    expect(await intruder.load(created.instance.id)).toBeNull();
    expect(await intruder.listActive()).toEqual([]);
    await expect(intruder.commit(fill(created, "mode", "air"))).rejects.toBeInstanceOf(FormConflictError);
    await expect(startForm(intruder)).rejects.toBeInstanceOf(NotFoundError);
    expect(await adapter.load(created.instance.id)).toEqual(created);
  });

  it("keeps an instance, its entries and its submission when its conversation is deleted", async () => {
    const { adapter, conversation } = await adapterFor(tenant);
    const created = await startForm(adapter);
    const filled = await adapter.commit(fill(created, "mode", "car"));
    await adapter.commit({
      ...fill(filled, "distance", 40),
      status: "submitted",
      submission: { values: { mode: "car" }, by: { kind: "agent" } },
    });

    await deleteConversation(tenant, conversation.id);
    // Deleted for good (the purge after the undo window, or retention): the form's records stay.
    await getTestPrisma().$transaction((tx) => purgeConversations(tx, tenant.organizationId, [conversation.id]));

    const prisma = getTestPrisma();
    const instance = await prisma.formInstance.findFirstOrThrow({
      where: { id: created.instance.id },
      include: { entries: true, submission: true },
    });
    expect(instance.conversationId).toBeNull();
    expect(instance.entries.map((entry) => [entry.seq, entry.fieldId])).toEqual([
      [1, "mode"],
      [2, "distance"],
    ]);
    expect(instance.submission).toMatchObject({ conversationId: null, values: { mode: "car" } });
  });

  it("stores what jsonb refuses in a string (NUL) cleaned, not as an error", async () => {
    const { adapter } = await adapterFor(tenant);
    const created = await startForm(adapter);
    const committed = await adapter.commit(fill(created, "notes", "a\u0000b"));
    expect(committed.entries[0].value).toBe("ab");
    expect(await adapter.load(created.instance.id)).toEqual(committed);
  });
});
