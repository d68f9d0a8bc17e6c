import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { listMembers } from "@/lib/db/members";
import { membersResponseSchema } from "@/lib/schemas/team";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = memberRoute()({}, async (ctx) =>
  json(membersResponseSchema.parse({ members: await listMembers(ctx), you: { userId: ctx.userId, role: ctx.role } })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
