import {
  discoverOAuthServerInfo,
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  findConnector,
  findRefreshToken,
  replaceRefreshedCredential,
  setCredential,
  storeOAuthClient,
  type ConnectorRow,
  type TenantScope,
} from "@/lib/db/connectors";
import { resolveTenantContext } from "@/lib/db/organizations";
import type { TenantContext } from "@/lib/db/tenant-context";
import { openSecret, sealSecret, SecretUnreadableError } from "@/lib/server/crypto/secret-box";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { AppError, conflict, notFound } from "@/lib/server/http/app-error";
import type { LookupAll } from "@/lib/server/http/outbound-url-guard";
import { guardedFetch } from "./guarded-fetch";
import { openOAuthClient, openRefreshToken, sealOAuthClient, sealPersonToken, sealRefreshToken } from "./tokens";

/**
 * A person's sign-in to a per-person connector through MCP's authorization flow: the authorization
 * server is discovered from the MCP server (protected resource metadata, then the server's own
 * metadata), Handoff registers itself as a client once per connector (dynamic client registration,
 * kept sealed on the row), and the code comes back with PKCE. The state is sealed (no table): it
 * names the person, organization and connector, carries the PKCE verifier and expires after
 * OAUTH_STATE_TTL_MS. Every request to the servers goes through the SSRF guard.
 */

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
const STATE_CONTEXT = "connector-oauth-state";

export interface OAuthSettings {
  env?: Pick<ServerEnv, "OUTBOUND_ALLOW_PRIVATE">;
  lookup?: LookupAll;
  now?: () => number;
}

interface SignInState {
  organizationId: string;
  orgSlug: string;
  connectorId: string;
  userId: string;
  codeVerifier: string;
  expiresAt: number;
  returnTo: string | null;
}

/** The registered client, with what it was registered for: another authorization server or callback means a new one. */
interface StoredClient {
  authorizationServer: string;
  redirectUri: string;
  client: OAuthClientInformationFull;
}

const badState = (message: string) => new AppError(400, "invalid_sign_in_state", message);

function oauthFetch(row: ConnectorRow, settings: OAuthSettings): FetchLike {
  const env = settings.env ?? serverEnv();
  const fetch = guardedFetch({ allowPrivate: env.OUTBOUND_ALLOW_PRIVATE, lookup: settings.lookup });
  return (url, init = {}) => fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(row.timeoutMs) });
}

async function serverInfo(row: ConnectorRow, fetchFn: FetchLike) {
  const info = await discoverOAuthServerInfo(row.url, { fetchFn });
  if (!info.authorizationServerMetadata) throw conflict(`${row.title} does not offer sign-in; connect with a token instead.`);
  const resource = info.resourceMetadata?.resource ? new URL(info.resourceMetadata.resource) : undefined;
  return { ...info, authorizationServerMetadata: info.authorizationServerMetadata, resource };
}

/** The server's failures as a 422 that says what to do; our own AppErrors pass. */
async function talking<T>(row: ConnectorRow, doing: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError(
      422,
      "sign_in_failed",
      `${row.title} could not ${doing}: ${reason.slice(0, 300)} Try again, or connect with a token.`,
    );
  }
}

function storedClient(row: ConnectorRow): StoredClient | null {
  if (!row.oauthClientSealed) return null;
  try {
    return JSON.parse(openOAuthClient(row.organizationId, row.id, row.oauthClientSealed)) as StoredClient;
  } catch (error) {
    if (error instanceof SecretUnreadableError) return null;
    throw error;
  }
}

/** Starts a sign-in for the asking person; answers the authorization URL to open. */
export async function startSignIn(
  ctx: TenantContext,
  row: ConnectorRow,
  target: { redirectUri: string; returnTo: string | null },
  settings: OAuthSettings = {},
): Promise<string> {
  if (row.authMode !== "per_person") throw conflict(`${row.title} does not use personal sign-in; nothing to connect.`);
  const fetchFn = oauthFetch(row, settings);
  return talking(row, "start a sign-in", async () => {
    const info = await serverInfo(row, fetchFn);
    const authorizationServer = String(info.authorizationServerUrl);
    let stored = storedClient(row);
    if (!stored || stored.authorizationServer !== authorizationServer || stored.redirectUri !== target.redirectUri) {
      const client = await registerClient(authorizationServer, {
        metadata: info.authorizationServerMetadata,
        clientMetadata: {
          client_name: "Handoff",
          redirect_uris: [target.redirectUri],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
        },
        fetchFn,
      });
      stored = { authorizationServer, redirectUri: target.redirectUri, client };
      await storeOAuthClient(ctx, row.id, sealOAuthClient(ctx.organizationId, row.id, JSON.stringify(stored)));
    }
    const { authorizationUrl, codeVerifier } = await startAuthorization(authorizationServer, {
      metadata: info.authorizationServerMetadata,
      clientInformation: stored.client,
      redirectUrl: target.redirectUri,
      resource: info.resource,
    });
    const state: SignInState = {
      organizationId: ctx.organizationId,
      orgSlug: ctx.orgSlug,
      connectorId: row.id,
      userId: ctx.userId,
      codeVerifier,
      expiresAt: (settings.now?.() ?? Date.now()) + OAUTH_STATE_TTL_MS,
      returnTo: target.returnTo,
    };
    // The state carries the PKCE verifier, which startAuthorization makes: set after it.
    authorizationUrl.searchParams.set("state", sealSecret(JSON.stringify(state), STATE_CONTEXT));
    return authorizationUrl.toString();
  });
}

function openState(sealed: string): SignInState {
  try {
    return JSON.parse(openSecret(sealed, STATE_CONTEXT)) as SignInState;
  } catch {
    throw badState("This sign-in link is not one Handoff started (or it was changed). Start the sign-in again from Settings → Connectors.");
  }
}

/**
 * The callback: checks the state is this person's and fresh, exchanges the code with the PKCE verifier
 * and stores the tokens sealed as the person's credential. Answers where to send the person.
 */
export async function completeSignIn(
  userId: string,
  input: { state: string; code: string; redirectUri: string; ip?: string | null },
  settings: OAuthSettings = {},
): Promise<string> {
  const state = openState(input.state);
  if (state.expiresAt < (settings.now?.() ?? Date.now())) {
    throw badState("This sign-in took longer than 10 minutes and expired. Start it again from Settings → Connectors.");
  }
  // Another organization's sign-in is not found, as every other organization's object (docs/security.md).
  const tenant = await resolveTenantContext(userId, state.orgSlug);
  if (!tenant || tenant.organizationId !== state.organizationId) throw notFound("This sign-in");
  if (state.userId !== userId) {
    throw badState("This sign-in was started by another person. Start your own from Settings → Connectors.");
  }
  const row = await findConnector(tenant, state.connectorId);
  const stored = row && storedClient(row);
  if (!row || !stored) throw badState("This connector was deleted or changed since the sign-in started. Start it again.");
  const fetchFn = oauthFetch(row, settings);
  const tokens = await talking(row, "finish the sign-in", async () => {
    const info = await serverInfo(row, fetchFn);
    return exchangeAuthorization(stored.authorizationServer, {
      metadata: info.authorizationServerMetadata,
      clientInformation: stored.client,
      authorizationCode: input.code,
      codeVerifier: state.codeVerifier,
      redirectUri: input.redirectUri,
      resource: info.resource,
      fetchFn,
    });
  });
  const refreshTokenSealed = tokens.refresh_token ? sealRefreshToken(tenant.organizationId, row.id, userId, tokens.refresh_token) : null;
  const access = sealPersonToken(tenant.organizationId, row.id, userId, tokens.access_token);
  if (!(await setCredential(tenant, row.id, access, input.ip, { refreshTokenSealed }))) {
    throw badState("This connector was deleted since the sign-in started.");
  }
  return state.returnTo ?? `/${tenant.orgSlug}/settings/connectors`;
}

/**
 * A new access token from the person's refresh token (stored, replacing both), or null when there is
 * none or the authorization server refused it: the caller then reports `auth_required`.
 */
export async function refreshSignIn(
  tenant: TenantScope,
  row: ConnectorRow,
  userId: string,
  settings: OAuthSettings = {},
): Promise<string | null> {
  const sealed = await findRefreshToken(tenant, row.id, userId);
  const stored = storedClient(row);
  if (!sealed || !stored) return null;
  try {
    const refreshToken = openRefreshToken(tenant.organizationId, row.id, userId, sealed);
    const fetchFn = oauthFetch(row, settings);
    const info = await serverInfo(row, fetchFn);
    const tokens = await refreshAuthorization(stored.authorizationServer, {
      metadata: info.authorizationServerMetadata,
      clientInformation: stored.client,
      refreshToken,
      resource: info.resource,
      fetchFn,
    });
    await replaceRefreshedCredential(
      tenant,
      row.id,
      userId,
      sealPersonToken(tenant.organizationId, row.id, userId, tokens.access_token),
      sealRefreshToken(tenant.organizationId, row.id, userId, tokens.refresh_token ?? refreshToken),
    );
    return tokens.access_token;
  } catch {
    // Whatever failed (a revoked refresh token, the server down), the person's way out is the same: sign in again.
    return null;
  }
}
