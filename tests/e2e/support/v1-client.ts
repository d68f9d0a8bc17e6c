import { EventStreamReader } from "./run-events";
import type { TestAccount } from "./http-client";

/** Every scope a key can have. */
export const ALL_SCOPES = ["inbox:read", "inbox:write", "conversations:read", "conversations:write", "forms:read", "webhooks:write"];

export type V1Error = { error: { code: string; message: string; details?: Record<string, unknown> } };

/** An admin creates a key in the account's organization; returns its secret and id. */
export async function createKey(account: TestAccount, scopes = ALL_SCOPES, name = "Machine") {
  const created = await account.client.json<{ key: { id: string }; secret: string }>(`/api/orgs/${account.orgSlug}/api-keys`, {
    json: { name, scopes },
  });
  if (created.status !== 201) throw new Error(`create key: ${created.status} ${JSON.stringify(created.body)}`);
  return { secret: created.body.secret, id: created.body.key.id };
}

/** A client of /api/v1 with one key (a bearer token, never a cookie), against `baseURL`. */
export function v1Client(baseURL: string, key: string) {
  const request = (path: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; body?: string } = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...init.headers };
    if (init.json !== undefined || init.body !== undefined) headers["content-type"] = "application/json";
    return fetch(`${baseURL}${path}`, {
      method: init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET"),
      headers,
      body: init.body ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    });
  };
  return {
    request,
    async json<T = Record<string, unknown>>(path: string, init: Parameters<typeof request>[1] = {}) {
      const response = await request(path, init);
      return { status: response.status, headers: response.headers, body: (await response.json()) as T & V1Error };
    },
    async events(path: string, headers: Record<string, string> = {}) {
      return new EventStreamReader(await request(path, { headers: { accept: "text/event-stream", ...headers } }));
    },
  };
}
export type V1Client = ReturnType<typeof v1Client>;
