import { connectorRefreshSchema } from "@/lib/schemas/connectors";
import { describeFailure } from "@/lib/server/connectors/describe-failure";
import { refreshToolList } from "@/lib/server/connectors/refresh";
import { CONNECTOR, connectorOr404, listingToken, viewFor } from "@/lib/server/connectors/service";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

type Params = { slug: string; connectorId: string };

/** Fetches the server's tool list now. A server that cannot be listed is the answer's `refresh.message` (and the health), not an error. */
export const POST = memberRoute<Params>({ minRole: "admin", ids: { connectorId: CONNECTOR } })({}, async (ctx, { params }) => {
  const row = await connectorOr404(ctx, params.connectorId);
  const outcome = await refreshToolList(ctx, row, await listingToken(ctx, row));
  const fresh = await connectorOr404(ctx, params.connectorId);
  return json(
    connectorRefreshSchema.parse({
      connector: await viewFor(ctx, fresh),
      refresh: outcome.kind === "ok" ? { ok: true, message: null } : { ok: false, message: describeFailure(outcome) },
    }),
  );
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
