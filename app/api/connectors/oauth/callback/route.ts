import { NextResponse } from "next/server";
import { completeSignIn } from "@/lib/server/connectors/oauth";
import { oauthCallbackUrl } from "@/lib/server/connectors/oauth-callback-url";
import { AppError } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { userRoute } from "@/lib/server/http/route-builders";
import { appOrigin } from "@/lib/server/http/same-origin";

/**
 * Where a connector's authorization server sends the person back (docs/connectors.md): the state is
 * checked to be theirs and fresh, the code exchanged, the token stored; then back to the page they came from.
 */
export const GET = userRoute({}, async (ctx, { request }) => {
  const query = new URL(request.url).searchParams;
  const denied = query.get("error");
  if (denied) {
    const said = query.get("error_description") ?? denied;
    throw new AppError(400, "sign_in_declined", `The sign-in was not completed: ${said.slice(0, 300)}. Start it again to connect.`);
  }
  const code = query.get("code");
  const state = query.get("state");
  if (!code || !state) {
    throw new AppError(400, "invalid_sign_in_state", "This address lacks the sign-in's code or state. Start the sign-in again.");
  }
  const back = await completeSignIn(ctx.userId, { state, code, redirectUri: oauthCallbackUrl(request), ip: ctx.ip });
  return NextResponse.redirect(new URL(back, appOrigin(request)), 303);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
