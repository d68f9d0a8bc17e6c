import { createHash } from "node:crypto";
import Anthropic from "@anthropic-ai/sdk";
import { providerFetch, type ProviderFetch } from "./provider-fetch";

export interface AnthropicClientOptions {
  apiKey: string;
  baseURL?: string;
  timeoutMs?: number;
  fetch?: ProviderFetch;
}

/** Clients kept at most: one per key, base URL and timeout in use; the least recently used goes first. */
const KEPT_CLIENTS = 256;
const clients = new Map<string, Anthropic>();
// A number per fetch function in use, for the clients' keys.
const fetchIds = new WeakMap<ProviderFetch, number>();
let fetchCount = 0;

/**
 * The SDK client for these settings, shared by every request that uses the same ones: building a
 * client sets up every resource of the SDK (about 1% of the server's CPU per answer under load,
 * docs/benchmarks.md), and a client keeps nothing of a request. Retries are off (reliability.ts
 * retries, visibly). Kept under a digest of the settings, so the map holds no second copy of a key.
 */
export function anthropicClient({ apiKey, baseURL, timeoutMs, fetch = providerFetch }: AnthropicClientOptions): Anthropic {
  if (!fetchIds.has(fetch)) fetchIds.set(fetch, fetchCount++);
  const key = createHash("sha256")
    .update(JSON.stringify([apiKey, baseURL ?? null, timeoutMs ?? null, fetchIds.get(fetch)]))
    .digest("base64url");
  const known = clients.get(key);
  if (known) {
    clients.delete(key);
    clients.set(key, known);
    return known;
  }
  const client = new Anthropic({
    apiKey,
    baseURL,
    maxRetries: 0,
    fetch,
    ...(timeoutMs !== undefined && { timeout: timeoutMs }),
  });
  if (clients.size >= KEPT_CLIENTS) clients.delete(clients.keys().next().value!);
  clients.set(key, client);
  return client;
}
