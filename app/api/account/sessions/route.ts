import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { userRoute } from "@/lib/server/http/route-builders";
import { endAllSessions } from "@/lib/db/sessions";

/** "Sign out everywhere": every session of the user ends, this one included. */
export const DELETE = userRoute({}, async (ctx) => {
  await endAllSessions(ctx.userId, ctx.ip);
  return json({ ok: true });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed("DELETE");
