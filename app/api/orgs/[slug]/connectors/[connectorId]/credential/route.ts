import { deleteCredential, setCredential } from "@/lib/db/connectors";
import { connectorCredentialSchema, connectorResponseSchema } from "@/lib/schemas/connectors";
import { describeFailure } from "@/lib/server/connectors/describe-failure";
import { listMcpTools } from "@/lib/server/connectors/mcp-client";
import { CONNECTOR, connectorOr404, viewFor } from "@/lib/server/connectors/service";
import { sealPersonToken } from "@/lib/server/connectors/tokens";
import { AppError, conflict, notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

type Params = { slug: string; connectorId: string };
const member = memberRoute<Params>({ ids: { connectorId: CONNECTOR } });

/**
 * Sets the asking person's own token for a per-person connector, after checking it by listing the
 * server's tools with it: a token the server refuses is not stored. Never answered back.
 */
export const PUT = member({ body: connectorCredentialSchema }, async (ctx, { params, body }) => {
  const row = await connectorOr404(ctx, params.connectorId);
  if (row.authMode !== "per_person") throw conflict(`${row.title} does not use personal tokens; nothing to connect.`);
  // A check, not a refresh: what one person's token may list never becomes the organization's tool list or its health.
  const outcome = await listMcpTools({ url: row.url, token: body.token, timeoutMs: row.timeoutMs });
  if (outcome.kind === "auth_required") {
    throw new AppError(
      422,
      "token_refused",
      `${row.title} refused this token. Check that you copied it whole and that it has not expired.`,
      {
        issues: [{ path: "token", message: "Refused by the server." }],
      },
    );
  }
  if (outcome.kind !== "ok") {
    throw new AppError(422, "server_unavailable", `The token could not be checked: ${describeFailure(outcome)} Try again later.`);
  }
  if (!(await setCredential(ctx, row.id, sealPersonToken(ctx.organizationId, row.id, ctx.userId, body.token), ctx.ip)))
    throw notFound(CONNECTOR);
  return json(connectorResponseSchema.parse({ connector: await viewFor(ctx, await connectorOr404(ctx, row.id)) }));
});

/** Removes the asking person's token (disconnect). */
export const DELETE = member({}, async (ctx, { params }) => {
  if (!(await deleteCredential(ctx, params.connectorId, ctx.ip))) throw notFound(CONNECTOR);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PATCH, OPTIONS } = methodNotAllowed("PUT", "DELETE");
