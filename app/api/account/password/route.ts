import { route, json } from "@/lib/server/http/route";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { changePasswordSchema } from "@/lib/schemas/account";
import { requireUser } from "@/lib/server/auth/session";
import { reissuedSessionCookie } from "@/lib/server/auth/session-token";
import { changePassword } from "@/lib/server/accounts/change-password";
import { clientIp } from "@/lib/server/http/client-ip";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseJsonBody(request, changePasswordSchema);
  const sessionVersion = await changePassword(user.id, input.currentPassword, input.newPassword, clientIp(request));
  // Every other session has ended; this one carries on with a cookie at the new version.
  const response = json({ ok: true });
  const cookie = await reissuedSessionCookie(request.headers.get("cookie"), sessionVersion);
  if (cookie) response.headers.append("set-cookie", cookie);
  return response;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
