import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { notFound } from "@/lib/server/http/app-error";
import { revokePermissionGrant } from "@/lib/db/permissions";

export const DELETE = memberRoute<{ slug: string; id: string }>({ minRole: "admin", ids: { id: "This permission grant" } })(
  {},
  async (ctx, { params }) => {
    const revoked = await revokePermissionGrant(ctx, params.id, ctx.ip);
    if (!revoked) throw notFound("This permission grant");
    return json(revoked);
  },
);

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed("DELETE");
