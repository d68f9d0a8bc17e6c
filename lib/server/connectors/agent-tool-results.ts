import { failure, success, type ToolResultPayload } from "@/lib/agent";
import type { EnabledConnectorTool, McpCallOutcome } from "./contract";
import { stripInvisibleTags } from "@/lib/server/http/invisible-text";

const count = (value: number) => value.toLocaleString("en-US");

/** The server's text, cut to the connector's limit with a line saying how much the model got. */
export function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return (
    `${text.slice(0, maxChars)}\n[Result cut: kept the first ${count(maxChars)} of ${count(text.length)} characters. ` +
    "Ask the tool for a narrower range or a specific part instead of the whole result.]"
  );
}

/**
 * What the model reads of one call (every outcome but `auth_required`, which the reconnect card
 * handles): words it can act on, naming the connector as people know it.
 */
export function callResult(entry: EnabledConnectorTool, outcome: Exclude<McpCallOutcome, { kind: "auth_required" }>): ToolResultPayload {
  const title = entry.connectorTitle;
  switch (outcome.kind) {
    case "ok": {
      const text = cutText(stripInvisibleTags(outcome.text), entry.maxResultChars);
      return outcome.isError ? failure(`${title} answered with an error: ${text}`) : success(text);
    }
    case "unavailable":
      return failure(`${title} is unavailable: ${sentence(outcome.message)} Try again later or tell the person.`);
    case "timeout":
      return failure(
        `${title} did not answer within its time limit of ${seconds(outcome.afterMs)}, so the call was given up. ` +
          "It may still have done its work: check before calling again, or try later with a smaller request.",
      );
  }
}

const seconds = (ms: number) => `${count(Math.round(ms / 100) / 10)} seconds`;

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
