import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { forbidden, notFound } from "@/lib/server/http/app-error";
import { revokePermissionGrant } from "@/lib/db/permissions";

/** Admins revoke any grant or denial; a member only one that covers that member alone. */
export const DELETE = memberRoute<{ slug: string; id: string }>({ ids: { id: "This permission grant" } })({}, async (ctx, { params }) => {
  const outcome = await revokePermissionGrant(ctx, params.id, ctx.ip);
  if (outcome.kind === "not_found") throw notFound("This permission grant");
  if (outcome.kind === "forbidden") {
    throw forbidden("Only owners and admins can revoke a grant or denial that covers someone else or the whole organization.");
  }
  return json({ id: outcome.id });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed("DELETE");
