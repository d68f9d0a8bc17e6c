import { route, json } from "@/lib/server/http/route";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { createInviteSchema } from "@/lib/schemas/account";
import { requireAdmin } from "@/lib/server/tenant";
import { clientIp } from "@/lib/server/http/client-ip";
import { createInvite, listOpenInvites } from "@/lib/db/invites";
import { inviteLink } from "@/lib/server/accounts/invite-link";
import { logger } from "@/lib/server/logger";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ slug: string }> };

export const GET = route(async (_request, { params }: Ctx) => {
  const ctx = await requireAdmin((await params).slug);
  return json({ invites: await listOpenInvites(ctx) });
});

export const POST = route(async (request, { params }: Ctx) => {
  const ctx = await requireAdmin((await params).slug);
  const { email, role } = await parseJsonBody(request, createInviteSchema);
  const { invite, token } = await createInvite(ctx, email, role, clientIp(request));
  const link = inviteLink(request, token);
  // No mail server exists here: the link is shown to the inviter once, and logged in development.
  if (process.env.NODE_ENV !== "production") logger.info("invite link", { email, link });
  return json({ invite, link }, 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
