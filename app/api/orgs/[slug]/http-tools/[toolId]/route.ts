import { deleteHttpTool, findHttpTool } from "@/lib/db/http-tools";
import { updateHttpToolSchema } from "@/lib/schemas/http-tools";
import { HTTP_TOOL, updateHttpToolChecked } from "@/lib/server/http-tools/definition-service";
import { httpToolView } from "@/lib/server/http-tools/stored-tool";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

type Params = { slug: string; toolId: string };
const member = memberRoute<Params>({ ids: { toolId: HTTP_TOOL } });
const admin = memberRoute<Params>({ minRole: "admin", ids: { toolId: HTTP_TOOL } });

export const GET = member({}, async (ctx, { params }) => {
  const row = await findHttpTool(ctx, params.toolId);
  if (!row) throw notFound(HTTP_TOOL);
  return json({ tool: httpToolView(row) });
});

/** Changes any part of the definition; the merged definition is checked whole. */
export const PATCH = admin({ body: updateHttpToolSchema }, async (ctx, { params, body }) =>
  json({ tool: await updateHttpToolChecked(ctx, params.toolId, body, { ip: ctx.ip }) }),
);

export const DELETE = admin({}, async (ctx, { params }) => {
  if (!(await deleteHttpTool(ctx, params.toolId, ctx.ip))) throw notFound(HTTP_TOOL);
  return new Response(null, { status: 204 });
});

export const { POST, PUT, OPTIONS } = methodNotAllowed("GET", "PATCH", "DELETE");
