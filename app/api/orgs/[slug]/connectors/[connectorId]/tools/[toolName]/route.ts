import { setConnectorTool } from "@/lib/db/connectors";
import { connectorResponseSchema, updateConnectorToolSchema } from "@/lib/schemas/connectors";
import { CONNECTOR, connectorOr404, viewFor } from "@/lib/server/connectors/service";
import { cachedTools } from "@/lib/server/connectors/tool-cache";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

type Params = { slug: string; connectorId: string; toolName: string };
const TOOL = "This tool (refresh the tool list if the server added it)";

/** Enables or disables one tool the server listed, and whether it needs approval (default: unless the server marks it read-only). */
export const PATCH = memberRoute<Params>({ minRole: "admin", ids: { connectorId: CONNECTOR } })(
  { body: updateConnectorToolSchema },
  async (ctx, { params, body }) => {
    const row = await connectorOr404(ctx, params.connectorId);
    const toolName = params.toolName;
    const tool = cachedTools(row.toolsCache).find((entry) => entry.name === toolName);
    if (!tool) throw notFound(TOOL);
    const enabled = body.enabled ?? row.tools.some((entry) => entry.name === toolName);
    const updated = await setConnectorTool(ctx, row.id, tool, { enabled, requiresPermission: body.requires_permission }, ctx.ip);
    if (!updated) throw notFound(CONNECTOR);
    return json(connectorResponseSchema.parse({ connector: await viewFor(ctx, updated) }));
  },
);

export const { GET, POST, PUT, DELETE, OPTIONS } = methodNotAllowed("PATCH");
