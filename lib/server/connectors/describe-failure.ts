import type { McpFailure } from "./call-outcome";

/** A failure as one sentence: the connector's last error, and what a refused request says. */
export function describeFailure(failure: McpFailure): string {
  return failure.kind === "timeout" ? `No answer within ${failure.afterMs} ms.` : failure.message;
}
