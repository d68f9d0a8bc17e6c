import { createConnector, findConnector, listConnectors } from "@/lib/db/connectors";
import { connectorListSchema, connectorResponseSchema, createConnectorSchema } from "@/lib/schemas/connectors";
import { refreshToolList } from "@/lib/server/connectors/refresh";
import { listingToken, viewFor, viewsFor } from "@/lib/server/connectors/service";
import { sealSharedToken } from "@/lib/server/connectors/tokens";
import { conflict } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { assertDeliverableUrl } from "@/lib/server/webhooks/outbound/endpoint-url";

/** Members see the connectors, their enabled tools and their own connection state; admins see every listed tool. */
export const GET = memberRoute()({}, async (ctx) =>
  json(connectorListSchema.parse({ connectors: await viewsFor(ctx, await listConnectors(ctx)) })),
);

/** Adds a connector (its URL through the SSRF guard) and fetches its tool list once; a failed listing shows as its health. */
export const POST = memberRoute({ minRole: "admin" })({ body: createConnectorSchema }, async (ctx, { body }) => {
  const url = await assertDeliverableUrl(body.url);
  const created = await createConnector(
    ctx,
    {
      name: body.name,
      title: body.title,
      url,
      authMode: body.auth_mode,
      timeoutMs: body.timeout_ms,
      maxResultChars: body.max_result_chars,
    },
    body.auth_mode === "shared" && body.shared_token ? sealSharedToken(ctx.organizationId, body.shared_token) : null,
    ctx.ip,
  );
  if (created === "name_taken") {
    throw conflict(`This organization already has a connector named ${body.name}. Choose another name.`, {
      issues: [{ path: "name", message: "Taken in this organization." }],
    });
  }
  await refreshToolList(ctx, created, await listingToken(ctx, created));
  const row = (await findConnector(ctx, created.id)) ?? created;
  return json(connectorResponseSchema.parse({ connector: await viewFor(ctx, row) }), 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
