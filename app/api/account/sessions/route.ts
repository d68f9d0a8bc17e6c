import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { route, json } from "@/lib/server/http/route";
import { requireSessionUserId } from "@/lib/server/auth/session";
import { endAllSessions } from "@/lib/db/sessions";
import { clientIp } from "@/lib/server/http/client-ip";

/** "Sign out everywhere": every session of the user ends, this one included. */
export const DELETE = route(async (request) => {
  await endAllSessions(await requireSessionUserId(), clientIp(request));
  return json({ ok: true });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed("DELETE");
