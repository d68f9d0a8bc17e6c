import type { ModelPromptResult } from "@/lib/agent/model-adapter";

export type StopReason = NonNullable<ModelPromptResult["stop_reason"]>;

/** Provider finish reasons (Anthropic's and the AI SDK's) in the loop's vocabulary. */
export function toStopReason(reason: string | null | undefined): StopReason {
  switch (reason) {
    case "end_turn":
    case "stop_sequence":
    case "stop":
      return "end_turn";
    case "tool_use":
    case "tool-calls":
      return "tool_use";
    case "max_tokens":
    case "length":
      return "max_tokens";
    default:
      return "other";
  }
}
