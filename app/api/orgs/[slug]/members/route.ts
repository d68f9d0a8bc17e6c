import { route, json } from "@/lib/server/http/route";
import { requireTenant } from "@/lib/server/tenant";
import { listMembers } from "@/lib/db/members";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ slug: string }> };

export const GET = route(async (_request, { params }: Ctx) => {
  const ctx = await requireTenant((await params).slug);
  return json({ members: await listMembers(ctx), you: { userId: ctx.userId, role: ctx.role } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
