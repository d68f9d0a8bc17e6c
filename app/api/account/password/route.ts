import { json } from "@/lib/server/http/route";
import { userRoute } from "@/lib/server/http/route-builders";
import { changePasswordSchema } from "@/lib/schemas/account";
import { reissuedSessionCookie } from "@/lib/server/auth/session-token";
import { changePassword } from "@/lib/server/accounts/change-password";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = userRoute({ body: changePasswordSchema }, async (ctx, { request, body }) => {
  const sessionVersion = await changePassword(ctx, body.currentPassword, body.newPassword);
  // Every other session has ended; this one carries on with a cookie at the new version.
  const response = json({ ok: true });
  const cookie = await reissuedSessionCookie(request.headers.get("cookie"), sessionVersion);
  if (cookie) response.headers.append("set-cookie", cookie);
  return response;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
