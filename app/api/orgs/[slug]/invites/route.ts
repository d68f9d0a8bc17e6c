import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { createInviteSchema } from "@/lib/schemas/account";
import { inviteSchema } from "@/lib/schemas/team";
import { createInvite, listOpenInvites } from "@/lib/db/invites";
import { inviteLink } from "@/lib/server/accounts/invite-link";
import { logger } from "@/lib/server/logger";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

const adminRoute = memberRoute({ minRole: "admin" });

export const GET = adminRoute({}, async (ctx) => json({ invites: inviteSchema.array().parse(await listOpenInvites(ctx)) }));

export const POST = adminRoute({ body: createInviteSchema }, async (ctx, { request, body }) => {
  const { invite, token } = await createInvite(ctx, body.email, body.role, ctx.ip);
  const link = inviteLink(new URL(request.url).origin, token);
  // No mail server exists here: the link is shown to the inviter once, and logged in development.
  if (process.env.NODE_ENV !== "production") logger.info("invite link", { email: body.email, link });
  return json({ invite: inviteSchema.parse(invite), link }, 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
