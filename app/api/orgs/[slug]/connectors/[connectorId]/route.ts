import { deleteConnector, updateConnector } from "@/lib/db/connectors";
import { connectorResponseSchema, updateConnectorSchema } from "@/lib/schemas/connectors";
import { CONNECTOR, connectorOr404, viewFor } from "@/lib/server/connectors/service";
import { sealSharedToken } from "@/lib/server/connectors/tokens";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

type Params = { slug: string; connectorId: string };
const member = memberRoute<Params>({ ids: { connectorId: CONNECTOR } });
const admin = memberRoute<Params>({ minRole: "admin", ids: { connectorId: CONNECTOR } });

export const GET = member({}, async (ctx, { params }) =>
  json(connectorResponseSchema.parse({ connector: await viewFor(ctx, await connectorOr404(ctx, params.connectorId)) })),
);

/** Changes the title, auth mode, shared token, timeout or result cap. */
export const PATCH = admin({ body: updateConnectorSchema }, async (ctx, { params, body }) => {
  const row = await updateConnector(
    ctx,
    params.connectorId,
    {
      ...(body.title !== undefined && { title: body.title }),
      ...(body.auth_mode !== undefined && { authMode: body.auth_mode }),
      ...(body.timeout_ms !== undefined && { timeoutMs: body.timeout_ms }),
      ...(body.max_result_chars !== undefined && { maxResultChars: body.max_result_chars }),
      ...(body.shared_token !== undefined && {
        sharedToken: body.shared_token === null ? null : sealSharedToken(ctx.organizationId, body.shared_token),
      }),
    },
    ctx.ip,
  );
  if (!row) throw notFound(CONNECTOR);
  return json(connectorResponseSchema.parse({ connector: await viewFor(ctx, row) }));
});

/** Deletes the connector with its enabled tools and everyone's tokens. */
export const DELETE = admin({}, async (ctx, { params }) => {
  if (!(await deleteConnector(ctx, params.connectorId, ctx.ip))) throw notFound(CONNECTOR);
  return new Response(null, { status: 204 });
});

export const { POST, PUT, OPTIONS } = methodNotAllowed("GET", "PATCH", "DELETE");
