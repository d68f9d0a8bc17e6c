import { json } from "@/lib/server/http/route";
import { userRoute } from "@/lib/server/http/route-builders";
import { acceptInviteSchema } from "@/lib/schemas/account";
import { findUserById } from "@/lib/db/users";
import { acceptInvite } from "@/lib/db/invites";
import { unauthorized } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = userRoute({ body: acceptInviteSchema }, async (ctx, { body }) => {
  // The invite is for an email address: the user's own, read fresh.
  const user = await findUserById(ctx.userId);
  if (!user) throw unauthorized();
  return json(await acceptInvite(body.token, user, ctx.ip));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
