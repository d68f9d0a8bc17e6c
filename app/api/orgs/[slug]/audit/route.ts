import { z } from "zod";
import { route, json } from "@/lib/server/http/route";
import { parseWith } from "@/lib/server/http/parse-body";
import { requireAdmin } from "@/lib/server/tenant";
import { listAuditLog } from "@/lib/db/audit";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ slug: string }> };

const querySchema = z.object({ cursor: z.string().max(64).optional() });

export const GET = route(async (request, { params }: Ctx) => {
  const ctx = await requireAdmin((await params).slug);
  const { cursor } = parseWith(querySchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(await listAuditLog(ctx, cursor));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
