import { route, json } from "@/lib/server/http/route";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { changePasswordSchema } from "@/lib/schemas/account";
import { requireUser } from "@/lib/server/auth/session";
import { changePassword } from "@/lib/server/accounts/change-password";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseJsonBody(request, changePasswordSchema);
  await changePassword(user.id, input.currentPassword, input.newPassword);
  return json({ ok: true });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
