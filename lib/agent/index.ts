/** The public surface of the agent runtime. */
export {
  Glove,
  type GloveConfig,
  type RequestOptions,
  type BranchOptions,
  type RequestOutcome,
  type ContinueOutcome,
  type AbortOutcome,
} from "./agent";
export { resolveSlot, rejectSlot, type SlotAnswer, type SlotAnswerDeps } from "./slot-answer";
export type { RunObserver } from "./run-observer";
export type { InboxAdapter } from "./run-session";
export type { RunOutcome } from "./agent-loop";
export * from "./messages";
export * from "./model-adapter";
export * from "./store-adapter";
export * from "./events";
export * from "./errors";
export { StopRequest } from "./stop-request";
export {
  defineTool,
  success,
  failure,
  toolSpec,
  type GloveTool,
  type GloveToolHandle,
  type ToolCallContext,
  type ToolDisplay,
} from "./tool";
export { visibleSlots, PERMISSION_SLOT_INDEX } from "./display-manager";
export { answerSchemaForSlot } from "./answer-schema";
export {
  PERMISSION_RENDERER,
  permissionDecisionSchema,
  permissionInputKey,
  TOOL_ALWAYS_IS_FOR_ADMINS,
  type PermissionAnswerer,
  type PermissionDecision,
  type PermissionPolicy,
  type PermissionRequestProps,
} from "./permissions";
export { stripRenderData } from "./model-call";
export { modelView } from "./history";
export { estimateTokens, contextLimitFor, DEFAULT_CONTEXT_LIMIT, SUMMARY_HEADING } from "./compaction";
export { effectiveTokens, budgetSentence, DEFAULT_REQUEST_BUDGET, type RequestMeter } from "./budget";
export { EMPTY_REPLY_SENTENCE } from "./model-step";
export { canonicalJson } from "./canonical-json";
export { REPEAT_LIMIT } from "./repeat-guard";
export { DEFAULT_TOOL_RESULT_LIMIT } from "./tool-result-limit";
export * from "./prompt-contributors";
export { parseTokens, type ParsedTokens } from "./extensions/parse-tokens";
export type { AgentControls, HookContext, HookHandler, HookResult } from "./extensions/hooks";
export type { DefineSkillArgs, SkillContext, SkillHandler } from "./extensions/skills";
export type { DefineSubAgentArgs, SubAgentFactory, SubAgentFactoryContext, SubAgentRunnable } from "./extensions/subagents";
export { UPDATE_TASKS_TOOL_NAME } from "./builtin-tools/update-tasks";
export { POST_TO_INBOX_TOOL_NAME, INBOX_EXPIRES_IN_MAX_SECONDS, INBOX_EXPIRES_IN_MIN_SECONDS } from "./builtin-tools/post-to-inbox";
export { INVOKE_SKILL_TOOL_NAME } from "./builtin-tools/invoke-skill";
export { SUBAGENT_TOOL_NAME } from "./builtin-tools/invoke-subagent";
