// The StoreAdapter contract, unchanged, against Postgres: each test's stores are new conversations.
import { beforeAll } from "vitest";
import type { TenantContext } from "@/lib/db/tenant-context";
import { defineStoreContract } from "@/tests/contract/store-contract";
import { createTenant, openNewConversationStore } from "./support";

let tenant: TenantContext;
beforeAll(async () => {
  tenant = await createTenant("contract");
});

defineStoreContract("PostgresStore", async () => (await openNewConversationStore(tenant)).store, {
  get answererId() {
    return tenant.userId;
  },
});
