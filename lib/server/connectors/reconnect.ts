import { failure, SlotRejectedError, type ToolDisplay, type ToolResultPayload } from "@/lib/agent";
import { RECONNECT_CONNECTOR, type ReconnectConnectorAnswer, type ReconnectConnectorProps } from "@/lib/tools/reconnect-connector/shape";
import { callResult } from "./agent-tool-results";
import type { EnabledConnectorTool, McpCallOutcome } from "./contract";

/** Reconnect cards one call may show; after that many the call fails instead of asking forever. */
export const MAX_RECONNECT_ROUNDS = 3;

/** glove-mcp's `auth_expired`: every failure that ends a call on a refused credential carries it, so the log says why. */
export const AUTH_EXPIRED = { code: "auth_expired" } as const;

type Display = ToolDisplay<ReconnectConnectorProps, ReconnectConnectorAnswer>;

/**
 * One connector call behind the reconnect card (MCP's `auth_expired`), a durable wait. Each
 * execution first replays the cards earlier executions stored: an answered one counts as a round,
 * a declined or expired one ends the call before it reaches the server again. Then it calls once;
 * a refused credential pushes the next card (the k-th reconnect is the call's k-th push), which
 * suspends the run until it is answered. Returns what the model reads.
 */
export async function callWithReconnect(
  entry: EnabledConnectorTool,
  display: Display,
  call: () => Promise<McpCallOutcome>,
): Promise<ToolResultPayload> {
  let reason = "";
  for (let rounds = 0; ; rounds++) {
    if ((await display.peek()) === null) {
      const outcome = await call();
      if (outcome.kind !== "auth_required") return callResult(entry, outcome);
      if (rounds >= MAX_RECONNECT_ROUNDS) {
        return failure(
          `${entry.connectorTitle} still refused the credential after ${MAX_RECONNECT_ROUNDS} reconnects (${outcome.message}), ` +
            "so the call did not run. Tell the person; an admin may need to check the connector.",
          AUTH_EXPIRED,
        );
      }
      reason = outcome.message;
    }
    // A stored card replays its answer; a new one suspends the run, and its answer runs the call again from the start.
    const declined = await reconnectCard(entry, display, reason);
    if (declined) return declined;
  }
}

/** Pushes (or replays) one reconnect card: null when it was answered, the failure when it was not. */
async function reconnectCard(entry: EnabledConnectorTool, display: Display, reason: string): Promise<ToolResultPayload | null> {
  const props: ReconnectConnectorProps = {
    connectorId: entry.connectorId,
    connectorName: entry.connectorName,
    connectorTitle: entry.connectorTitle,
    authMode: entry.authMode,
    reason: reason.slice(0, 2000),
  };
  try {
    await display.pushAndWait(props, { renderer: RECONNECT_CONNECTOR });
    return null;
  } catch (error) {
    if (!(error instanceof SlotRejectedError)) throw error;
    if (error.status === "expired")
      return failure(`Nobody reconnected ${entry.connectorTitle} before the card expired, so the call did not run.`, AUTH_EXPIRED);
    return failure(`The person did not reconnect ${entry.connectorTitle}.`, AUTH_EXPIRED);
  }
}
