import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { changeRoleSchema } from "@/lib/schemas/account";
import { changeMemberRole, removeMember } from "@/lib/db/members";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

// Any member may ask: the role rules (lib/db/members.ts) decide, and let a member leave.
const memberOfPath = memberRoute<{ slug: string; userId: string }>({ ids: { userId: "This member" } });

export const PATCH = memberOfPath({ body: changeRoleSchema }, async (ctx, { params, body }) =>
  json({ member: await changeMemberRole(ctx, params.userId, body.role, ctx.ip) }),
);

/** Removes a member; with your own user id, leaves the organization. */
export const DELETE = memberOfPath({}, async (ctx, { params }) => json(await removeMember(ctx, params.userId, ctx.ip)));

export const { GET, POST, PUT, OPTIONS } = methodNotAllowed("PATCH", "DELETE");
