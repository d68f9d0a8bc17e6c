// Test doubles of model adapters, imported as `@/lib/models/testing` (as the AI SDK ships `ai/test`):
// ESLint keeps production code from importing them.
export { ScriptedModel, type ScriptedReply, type ScriptedStep, type ScriptedToolCall } from "./scripted-model";
