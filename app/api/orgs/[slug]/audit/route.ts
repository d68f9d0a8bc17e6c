import { z } from "zod";
import { route, json } from "@/lib/server/http/route";
import { parseWith } from "@/lib/server/http/parse-body";
import { requireAdmin } from "@/lib/server/tenant";
import { listAuditLog } from "@/lib/db/audit";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ slug: string }> };

// Entry ids are cuids; anything else would reach Postgres (a NUL byte there is a 500).
const querySchema = z.object({ cursor: z.string().regex(/^[a-z0-9]{1,64}$/i, "Use the nextCursor of the previous page.").optional() });

export const GET = route(async (request, { params }: Ctx) => {
  const ctx = await requireAdmin((await params).slug);
  const { cursor } = parseWith(querySchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(await listAuditLog(ctx, cursor));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
