import { MemoryStore } from "@/lib/agent/testing";
import { defineStoreContract } from "@/tests/contract/store-contract";

defineStoreContract("MemoryStore", async () => new MemoryStore("conversation-under-test"));
