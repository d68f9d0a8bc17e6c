import { json } from "@/lib/server/http/route";
import { publicRoute } from "@/lib/server/http/route-builders";
import { signUpSchema } from "@/lib/schemas/account";
import { signUp } from "@/lib/server/accounts/sign-up";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

// 202 for a new address and a taken one alike (sign-up.ts).
export const POST = publicRoute({ body: signUpSchema, maxBodyBytes: 8 * 1024 }, async (ctx, { body }) =>
  json(await signUp(body, ctx.ip), 202),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
