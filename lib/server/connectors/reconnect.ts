import { failure, SlotRejectedError, type ToolDisplay, type ToolResultPayload } from "@/lib/agent";
import { RECONNECT_CONNECTOR, type ReconnectConnectorAnswer, type ReconnectConnectorProps } from "@/lib/tools/reconnect-connector/shape";
import type { EnabledConnectorTool } from "./contract";

/** Reconnect cards one call may show; after that many the call fails instead of asking forever. */
export const MAX_RECONNECT_ROUNDS = 3;

/**
 * The call's server refused the credential: the reconnect card, a durable wait. Every execution
 * of a call tries the server once, first. A push that returns was answered before this execution
 * began (a new card always suspends the run), so that first try already came after those answers:
 * the cards of earlier rounds are replayed without calling again, and the first unanswered one
 * suspends the run. The k-th reconnect is thus the call's k-th push; the call is asked again only
 * when the next card is answered. Returns the failure the model gets when the person cancels,
 * the card expires, or the rounds run out.
 */
export async function awaitReconnect(
  entry: EnabledConnectorTool,
  reason: string,
  display: ToolDisplay<ReconnectConnectorProps, ReconnectConnectorAnswer>,
): Promise<ToolResultPayload> {
  const props: ReconnectConnectorProps = {
    connectorId: entry.connectorId,
    connectorName: entry.connectorName,
    connectorTitle: entry.connectorTitle,
    authMode: entry.authMode,
    reason: reason.slice(0, 2000),
  };
  const title = entry.connectorTitle;
  for (let round = 1; round <= MAX_RECONNECT_ROUNDS; round++) {
    try {
      await display.pushAndWait(props, { renderer: RECONNECT_CONNECTOR });
    } catch (error) {
      if (!(error instanceof SlotRejectedError)) throw error;
      if (error.status === "expired") return failure(`Nobody reconnected ${title} before the card expired, so the call did not run.`);
      return failure(`The person did not reconnect ${title}.`);
    }
  }
  return failure(
    `${title} still refused the credential after ${MAX_RECONNECT_ROUNDS} reconnects (${reason}), so the call did not run. ` +
      "Tell the person; an admin may need to check the connector.",
  );
}
