import { listHttpTools } from "@/lib/db/http-tools";
import { createHttpToolSchema, httpToolListSchema } from "@/lib/schemas/http-tools";
import { createHttpToolChecked } from "@/lib/server/http-tools/definition-service";
import { httpToolView } from "@/lib/server/http-tools/stored-tool";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** Members may see which HTTP tools the agent has; only admins define them. */
export const GET = memberRoute()({}, async (ctx) =>
  json(httpToolListSchema.parse({ tools: (await listHttpTools(ctx)).map(httpToolView) })),
);

export const POST = memberRoute({ minRole: "admin" })({ body: createHttpToolSchema }, async (ctx, { body }) =>
  json({ tool: await createHttpToolChecked(ctx, body, { ip: ctx.ip }) }, 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
