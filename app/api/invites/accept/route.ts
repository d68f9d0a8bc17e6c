import { route, json } from "@/lib/server/http/route";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { acceptInviteSchema } from "@/lib/schemas/account";
import { requireUser } from "@/lib/server/auth/session";
import { clientIp } from "@/lib/server/http/client-ip";
import { acceptInvite } from "@/lib/db/invites";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = route(async (request) => {
  const user = await requireUser();
  const { token } = await parseJsonBody(request, acceptInviteSchema);
  return json(await acceptInvite(token, user, clientIp(request)));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
