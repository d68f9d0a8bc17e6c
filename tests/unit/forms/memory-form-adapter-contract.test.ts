import { MemoryFormAdapter } from "@/lib/forms/testing";
import { formAdapterContract } from "@/tests/contract/form-adapter-contract";

// The in-memory adapter has no scopes: each test gets a fresh one.
formAdapterContract(
  "MemoryFormAdapter",
  async () => {
    const adapter = new MemoryFormAdapter();
    return { adapter, submissions: async () => adapter.submissions().map(({ instanceId, values }) => ({ instanceId, values })) };
  },
  { formId: "expense-claim", scoped: false },
);
