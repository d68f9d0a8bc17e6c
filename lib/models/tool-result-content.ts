import type { ToolResultPayload } from "@/lib/agent/messages";

/**
 * What every model sees of a tool result: a JSON object of `data` and `message`. Built from
 * an explicit pick, so `renderData` (client-only, possibly large or private) can never leak
 * into a prompt whatever else a tool puts on its result. The status travels separately, as
 * each provider's own error flag.
 */
export function toolResultContent(result: ToolResultPayload): string {
  const content: { data: unknown; message?: string } = { data: result.data ?? null };
  if (result.message !== undefined) content.message = result.message;
  return JSON.stringify(content);
}
