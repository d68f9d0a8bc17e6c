import { z } from "zod";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { parseWith } from "@/lib/server/http/parse-body";
import { listAuditLog } from "@/lib/db/audit";
import { auditPageSchema } from "@/lib/schemas/team";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

// Entry ids are cuids; anything else would reach Postgres (a NUL byte there is a 500).
const querySchema = z.object({
  cursor: z
    .string()
    .regex(/^[a-z0-9]{1,64}$/i, "Use the nextCursor of the previous page.")
    .optional(),
});

export const GET = memberRoute({ minRole: "admin" })({}, async (ctx, { request }) => {
  const { cursor } = parseWith(querySchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(auditPageSchema.parse(await listAuditLog(ctx, cursor)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
