import { route, json } from "@/lib/server/http/route";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { signUpSchema } from "@/lib/schemas/account";
import { signUp } from "@/lib/server/accounts/sign-up";
import { clientIp } from "@/lib/server/http/client-ip";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = route(async (request) => {
  const input = await parseJsonBody(request, signUpSchema, 8 * 1024);
  // 202 for a new address and a taken one alike (sign-up.ts).
  return json(await signUp(input, clientIp(request)), 202);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
