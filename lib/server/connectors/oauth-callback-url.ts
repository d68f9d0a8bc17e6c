import { appOrigin } from "@/lib/server/http/same-origin";

/** Where an authorization server sends a person back after a connector sign-in: one URL for every connector. */
export const OAUTH_CALLBACK_PATH = "/api/connectors/oauth/callback";

export const oauthCallbackUrl = (request: Request) => `${appOrigin(request)}${OAUTH_CALLBACK_PATH}`;
