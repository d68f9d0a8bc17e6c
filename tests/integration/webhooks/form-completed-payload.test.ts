// The form.completed event the Postgres form adapter writes to the outbox is a valid v1 webhook event.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { createConversation } from "@/lib/db/conversations";
import { PostgresFormAdapter } from "@/lib/db/postgres-form-adapter";
import { webhookEventV1 } from "@/lib/schemas/webhook-payloads/v1";
import { getTestPrisma, testPgPool } from "@/tests/integration/support/databases";
import { createTenant } from "@/tests/integration/store/support";

let pool: Pool;
beforeAll(() => {
  pool = testPgPool(2);
});
afterAll(async () => {
  await pool.end();
});

describe("the outbox's form.completed payload", () => {
  it("parses as a v1 webhook event, unchanged", async () => {
    const tenant = await createTenant("hooks");
    await getTestPrisma().formDefinition.create({
      data: { organizationId: tenant.organizationId, key: "expense-claim", name: "Expense claim", currentVersion: 1 },
    });
    const conversation = await createConversation(tenant);
    const adapter = new PostgresFormAdapter(pool, { organizationId: tenant.organizationId, conversationId: conversation.id });
    const at = "2030-01-02T03:04:05.678Z";
    const state = { currentStepId: "travel", revisiting: [], edges: {}, awaiting: null, failures: [], terminatedReason: null };
    const created = await adapter.create({ id: "form-hook", formId: "expense-claim", formVersion: 1, state, at, by: { kind: "agent" } });
    await adapter.commit({
      instanceId: created.instance.id,
      expectedVersion: created.instance.version,
      entries: [{ fieldId: "mode", op: "set", value: "rail", by: { kind: "agent" }, at }],
      status: "submitted",
      state,
      at,
      submission: {
        values: { mode: "rail", amount: 12.5, notes: null, tags: ["a"] },
        by: { kind: "person", id: tenant.userId, name: "Ada" },
      },
    });
    const [event] = await getTestPrisma().outboxEvent.findMany({
      where: { organizationId: tenant.organizationId, type: "form.completed" },
    });
    const parsed = webhookEventV1.parse(event.payload);
    expect(parsed).toEqual(event.payload);
    expect(parsed).toMatchObject({ id: event.id, type: "form.completed", organization_id: tenant.organizationId, created_at: at });
  });
});
