import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { route, json } from "@/lib/server/http/route";
import { notFound } from "@/lib/server/http/app-error";
import { clientIp } from "@/lib/server/http/client-ip";
import { requireAdmin } from "@/lib/server/tenant";
import { revokePermissionGrant } from "@/lib/db/permissions";

type Ctx = { params: Promise<{ slug: string; id: string }> };

export const DELETE = route(async (request, { params }: Ctx) => {
  const { slug, id } = await params;
  const ctx = await requireAdmin(slug);
  const revoked = await revokePermissionGrant(ctx, id, clientIp(request));
  if (!revoked) throw notFound("This permission grant");
  return json(revoked);
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed("DELETE");
