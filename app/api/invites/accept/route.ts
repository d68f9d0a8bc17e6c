import { json } from "@/lib/server/http/route";
import { userRoute } from "@/lib/server/http/route-builders";
import { acceptInviteSchema } from "@/lib/schemas/account";
import { findUserById } from "@/lib/db/users";
import { acceptInvite } from "@/lib/db/invites";
import { unauthorized } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { placeLimit, withinPlan } from "@/lib/server/billing/place-limits";

export const POST = userRoute({ body: acceptInviteSchema }, async (ctx, { body }) => {
  // The invite is for an email address: the user's own, read fresh.
  const user = await findUserById(ctx.userId);
  if (!user) throw unauthorized();
  // 402 at the plan's seat limit; the one joining is no owner yet, so they are told to ask one.
  const accepted = await withinPlan({ orgSlug: null, role: null }, () =>
    acceptInvite(body.token, user, ctx.ip, (organizationId) => placeLimit(organizationId, "seats")),
  );
  return json(accepted);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
