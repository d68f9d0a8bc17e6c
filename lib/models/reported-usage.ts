import { reportedUsageOf, type ReportedUsage, type TokenUsage } from "@/lib/agent/model-adapter";

const consumedAny = (usage: TokenUsage) => usage.tokens_in > 0 || usage.tokens_out > 0;

/** Adds entries to `error.reportedUsage` (what `reportedUsageOf` reads); a non-object error is returned as it is. */
export function attachReportedUsage<E>(error: E, reported: ReportedUsage[]): E {
  if (reported.length === 0 || typeof error !== "object" || error === null) return error;
  Object.defineProperty(error, "reportedUsage", {
    value: [...reportedUsageOf(error), ...reported],
    configurable: true,
    enumerable: false,
    writable: true,
  });
  return error;
}

/**
 * Attaches what a failed or stopped call consumed to the error it throws, so the runtime records
 * what the provider bills. Nothing is attached when the provider reported nothing.
 */
export function withReportedUsage<E>(error: E, model: string, usage: TokenUsage): E {
  return consumedAny(usage) ? attachReportedUsage(error, [{ usage, model }]) : error;
}
