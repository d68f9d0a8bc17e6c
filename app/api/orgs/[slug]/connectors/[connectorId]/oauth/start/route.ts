import { connectorOAuthStartResponseSchema, connectorOAuthStartSchema } from "@/lib/schemas/connectors";
import { oauthCallbackUrl } from "@/lib/server/connectors/oauth-callback-url";
import { startSignIn } from "@/lib/server/connectors/oauth";
import { CONNECTOR, connectorOr404 } from "@/lib/server/connectors/service";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

type Params = { slug: string; connectorId: string };
const member = memberRoute<Params>({ ids: { connectorId: CONNECTOR } });

/** Starts the asking person's OAuth sign-in to a per-person connector (docs/connectors.md): the URL to open. */
export const POST = member({ body: connectorOAuthStartSchema }, async (ctx, { request, params, body }) => {
  const row = await connectorOr404(ctx, params.connectorId);
  const authorizationUrl = await startSignIn(ctx, row, { redirectUri: oauthCallbackUrl(request), returnTo: body.return_to ?? null });
  return json(connectorOAuthStartResponseSchema.parse({ authorization_url: authorizationUrl }));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
