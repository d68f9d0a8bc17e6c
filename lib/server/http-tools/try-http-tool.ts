import { randomUUID } from "node:crypto";
import { validateWith } from "@/lib/agent/tool";
import { findHttpTool } from "@/lib/db/http-tools";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { TryHttpToolResult } from "@/lib/schemas/http-tools";
import { AppError, notFound } from "@/lib/server/http/app-error";
import { enforce, type LimitSpec } from "@/lib/server/rate-limit";
import { callHttpTool, type CallOptions } from "./call-http-tool";
import { HTTP_TOOL } from "./definition-service";
import { httpToolInputSchema } from "./input-schema";
import { storedHttpTool } from "./stored-tool";

/** "Try it" sends real requests to a team's system: a few a minute per person is plenty for testing. */
export const HTTP_TOOL_TRIES_PER_USER: LimitSpec = { keyPrefix: "http-tool-try-user", points: 20, durationSeconds: 60 };

/**
 * Runs the tool once with sample input, as the agent would (same schema, guard, timeout and
 * masking), without a conversation: the answer shows the request as sent, secrets masked, and the
 * result the model would get. Disabled tools can be tried too (that is how one tests before enabling).
 */
export async function tryHttpTool(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  toolId: string,
  input: Record<string, unknown>,
  options: Omit<CallOptions, "signal"> = {},
): Promise<TryHttpToolResult> {
  const row = await findHttpTool(ctx, toolId);
  if (!row) throw notFound(HTTP_TOOL);
  await enforce(HTTP_TOOL_TRIES_PER_USER, ctx.userId, "tries of HTTP tools");
  const tool = storedHttpTool(row);
  const checked = validateWith(httpToolInputSchema(tool.fields), input, "sample input");
  if (!checked.ok)
    throw new AppError(422, "invalid_input", checked.message, {
      issues: checked.issues.map((issue) => ({ ...issue, path: `input.${issue.path}` })),
    });
  const { request, result } = await callHttpTool(ctx, tool, checked.value, `try_${randomUUID()}`, options);
  return {
    request,
    outcome: { status: result.status, message: result.status === "error" ? (result.message ?? null) : null, data: result.data },
  };
}
