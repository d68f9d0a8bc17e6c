// A card's answerer references the person's account; the card still says who answered once the account is gone.
import { beforeAll, describe, expect, it } from "vitest";
import type { TenantContext } from "@/lib/db/tenant-context";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "./support";

let tenant: TenantContext;
beforeAll(async () => {
  tenant = await createTenant("answerer");
});

describe("PostgresStore: who answered a card", () => {
  it("keeps the name and drops the reference when the answerer's account is deleted", async () => {
    const prisma = getTestPrisma();
    const ann = await prisma.user.create({ data: { email: `ann-${Date.now()}@example.test`, name: "Ann Lee" } });
    const { store } = await openNewConversationStore(tenant);
    const now = new Date().toISOString();
    await store.createSlot({
      id: "slot-ann",
      run_id: "run-1",
      call_id: "call-1",
      index: 1,
      kind: "wait",
      tool_name: "ask_preference",
      renderer: "ask_preference",
      props: { question: "Which?", options: ["Tea", "Coffee"] },
      display_strategy: "stay",
      status: "pending",
      created_at: now,
      expires_at: null,
      settled_at: null,
    });
    await store.settleSlot("slot-ann", {
      status: "resolved",
      value: { choice: "Tea" },
      settled_at: now,
      answered_by: { user_id: ann.id, name: "Ann Lee" },
    });
    expect((await store.getSlot("slot-ann"))?.answered_by).toEqual({ user_id: ann.id, name: "Ann Lee" });

    await prisma.user.delete({ where: { id: ann.id } });
    expect((await store.getSlot("slot-ann"))?.answered_by).toEqual({ user_id: null, name: "Ann Lee" });
  });
});
