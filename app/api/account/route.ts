import { json } from "@/lib/server/http/route";
import { userRoute } from "@/lib/server/http/route-builders";
import { updateProfileSchema } from "@/lib/schemas/account";
import { accountResponseSchema } from "@/lib/schemas/team";
import { findUserById, updateUserName } from "@/lib/db/users";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = userRoute({}, async (ctx) => {
  const user = await findUserById(ctx.userId);
  if (!user) throw notFound("This account");
  return json(accountResponseSchema.parse({ user }));
});

export const PATCH = userRoute({ body: updateProfileSchema }, async (ctx, { body }) =>
  json(accountResponseSchema.parse({ user: await updateUserName(ctx.userId, body.name) })),
);

export const { POST, PUT, DELETE, OPTIONS } = methodNotAllowed("GET", "PATCH");
