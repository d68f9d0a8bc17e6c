import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { conflict, notFound } from "@/lib/server/http/app-error";
import { decidePermissionRequest } from "@/lib/db/permission-requests";
import { permissionRequestDecisionSchema } from "@/lib/schemas/permissions";

/** An owner or admin approves (stores the organization-wide grant) or declines a member's request. First decision wins. */
export const POST = memberRoute<{ slug: string; id: string }>({ minRole: "admin", ids: { id: "This permission request" } })(
  { body: permissionRequestDecisionSchema },
  async (ctx, { params, body }) => {
    const outcome = await decidePermissionRequest(ctx, params.id, body.decision, ctx.ip);
    if (outcome.kind === "not_found") throw notFound("This permission request");
    if (outcome.kind === "already_decided") {
      throw conflict(`This request was already ${outcome.status}. Reload to see the current grants.`, {
        id: outcome.id,
        status: outcome.status,
        decidedById: outcome.decidedById,
      });
    }
    return json({ id: outcome.id, status: outcome.status });
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
