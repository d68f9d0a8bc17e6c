import type { ModelAdapter } from "@/lib/agent";
import type { ServerEnv } from "@/lib/server/env";
import { vetHost } from "@/lib/server/http/outbound-url-guard";

/**
 * SSRF guard for the base URLs a tenant may set for its model provider. A tenant must not make
 * our server call its own loopback, the cloud metadata address or the private network, so every
 * address the host resolves to must be public unicast: the decision is the shared outbound guard's
 * (`vetHost` in lib/server/http/outbound-url-guard.ts), with the model's own operator switch. An operator who runs models on a private
 * network (Ollama on the LAN, the test suite's fake providers on 127.0.0.1) sets
 * ALLOW_PRIVATE_MODEL_URLS=1.
 *
 * Checked when settings are saved and again before a run's first model call (DNS can change in
 * between), for a sentence the admin can act on. The connections themselves are vetted again as
 * they are made (model-fetch.ts), so a name that changes its answer after this check (DNS
 * rebinding) still reaches nothing private.
 */
export const ALLOW_PRIVATE_MODEL_URLS_ENV = "ALLOW_PRIVATE_MODEL_URLS";

type Env = Pick<ServerEnv, typeof ALLOW_PRIVATE_MODEL_URLS_ENV>;

export const privateModelUrlsAllowed = (env: Env) => env[ALLOW_PRIVATE_MODEL_URLS_ENV];

/** Why the URL is refused, in a sentence for an admin; null when it may be used. */
export async function refuseModelUrl(url: string, env: Env): Promise<string | null> {
  if (privateModelUrlsAllowed(env)) return null;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return `${url} is not a valid URL.`;
  }
  const verdict = await vetHost(host, { allowPrivate: false });
  if (verdict.ok) return null;
  if (verdict.code === "unresolvable") return `The host ${verdict.host} could not be resolved. Check the base URL.`;
  return (
    `The base URL ${url} points to a private, loopback or link-local address (${verdict.address}), which agents may not reach. ` +
    `Use a public address, or ask the operator to set ${ALLOW_PRIVATE_MODEL_URLS_ENV}=1.`
  );
}

/**
 * The model, asking `refusal` (the SSRF guard of its base URLs) once before its first prompt: a
 * refused URL fails that run with the guard's sentence (as `userMessage`, which the runtime shows)
 * instead of sending a request.
 */
export function guardModelUrls(model: ModelAdapter, refusal: () => Promise<string | null>): ModelAdapter {
  let checked: Promise<string | null> | undefined;
  return {
    get name() {
      return model.name;
    },
    get capabilities() {
      return model.capabilities;
    },
    setSystemPrompt: (systemPrompt) => model.setSystemPrompt(systemPrompt),
    async prompt(request, notify, signal) {
      const refused = await (checked ??= refusal());
      if (refused) throw Object.assign(new Error(refused), { userMessage: refused });
      return model.prompt(request, notify, signal);
    },
  };
}
