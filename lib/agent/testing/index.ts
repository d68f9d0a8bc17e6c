// Test doubles of the runtime, imported as `@/lib/agent/testing` (as the AI SDK ships `ai/test`):
// ESLint keeps production code from importing them.
export { MemoryStore } from "./memory-store";
