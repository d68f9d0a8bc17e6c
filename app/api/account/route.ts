import { route, json } from "@/lib/server/http/route";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { updateProfileSchema } from "@/lib/schemas/account";
import { requireUser } from "@/lib/server/auth/session";
import { updateUserName } from "@/lib/db/users";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = route(async () => json({ user: await requireUser() }));

export const PATCH = route(async (request) => {
  const user = await requireUser();
  const { name } = await parseJsonBody(request, updateProfileSchema);
  return json({ user: await updateUserName(user.id, name) });
});

export const { POST, PUT, DELETE, OPTIONS } = methodNotAllowed("GET", "PATCH");
