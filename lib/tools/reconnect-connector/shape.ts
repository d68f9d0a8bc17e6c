import { z } from "zod";
import { defineCardShape } from "../shape";

/**
 * The card a connector tool pushes when its server refused or expired the credential (MCP's
 * `auth_expired`): a wait, answered once the person (or an admin) fixed the token; the call then
 * runs again. Zod only: the server half (lib/server/connectors/reconnect.ts) and the card import it.
 */
export const RECONNECT_CONNECTOR = "reconnect_connector";

export const reconnectConnectorProps = z.object({
  connectorId: z.string().min(1),
  /** The `<connector>` of the tool names. */
  connectorName: z.string().min(1),
  /** What people read ("Acme CRM"). */
  connectorTitle: z.string().min(1),
  /** `per_person`: the person enters their own token on the card; otherwise an admin must update the connector. */
  authMode: z.enum(["none", "shared", "per_person"]),
  /** What the server or the catalog said. */
  reason: z.string().max(2000),
});
export type ReconnectConnectorProps = z.infer<typeof reconnectConnectorProps>;

/**
 * `reconnected: true` after the person saved a new token (the token itself goes to the credential
 * route, never into the answer); `false` for "Try again" on a connector only an admin can fix.
 * Either way the call runs again.
 */
export const reconnectConnectorAnswer = z.object({ reconnected: z.boolean() });
export type ReconnectConnectorAnswer = z.infer<typeof reconnectConnectorAnswer>;

export const reconnectConnector = defineCardShape({
  name: RECONNECT_CONNECTOR,
  card: "wait",
  props: reconnectConnectorProps,
  answer: reconnectConnectorAnswer,
});

/** What the card's decline ("Cancel") says, and the model reads in the failure. */
export const RECONNECT_DECLINED = "The person did not reconnect.";
