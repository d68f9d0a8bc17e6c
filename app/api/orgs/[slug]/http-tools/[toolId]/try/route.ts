import { tryHttpToolResultSchema, tryHttpToolSchema } from "@/lib/schemas/http-tools";
import { HTTP_TOOL } from "@/lib/server/http-tools/definition-service";
import { tryHttpTool } from "@/lib/server/http-tools/try-http-tool";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** Runs the tool once with sample input (rate-limited per person): the request as sent, secrets masked, and the result. */
export const POST = memberRoute<{ slug: string; toolId: string }>({ minRole: "admin", ids: { toolId: HTTP_TOOL } })(
  { body: tryHttpToolSchema },
  async (ctx, { params, body }) => json(tryHttpToolResultSchema.parse(await tryHttpTool(ctx, params.toolId, body.input))),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
