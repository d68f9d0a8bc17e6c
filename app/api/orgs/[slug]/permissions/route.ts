import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { route, json } from "@/lib/server/http/route";
import { requireAdmin } from "@/lib/server/tenant";
import { listPermissionGrants } from "@/lib/db/permissions";

type Ctx = { params: Promise<{ slug: string }> };

export const GET = route(async (_request, { params }: Ctx) => {
  const ctx = await requireAdmin((await params).slug);
  return json({ grants: await listPermissionGrants(ctx) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
