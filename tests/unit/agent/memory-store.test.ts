import { MemoryStore } from "@/lib/agent/memory-store";
import { defineStoreContract } from "@/tests/contract/store-contract";

defineStoreContract("MemoryStore", async () => new MemoryStore("conversation-under-test"));
