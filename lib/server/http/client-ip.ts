import ipaddr from "ipaddr.js";
import { PEER_ADDRESS_HEADER } from "./peer-address";
import { serverEnv, type ServerEnv } from "@/lib/server/env";

/**
 * The client's address, for per-network limits and the audit log. Without a proxy in front
 * (`TRUSTED_PROXY_HOPS` 0, the default) it is the socket's address (peer-address.ts) and
 * `X-Forwarded-For` is ignored: anyone can send one. Behind proxies, `X-Forwarded-For` lists the
 * addresses each proxy saw, the client's own claims first; only entries added by our proxies can
 * be trusted, so the address is the one `TRUSTED_PROXY_HOPS` entries from the right. Anything that
 * is not an IP address counts as "local", so a forged or oversized header can neither pick a fresh
 * throttle key per request nor reach the database as text.
 */
export function clientIp(request: Request | undefined, env: Pick<ServerEnv, "TRUSTED_PROXY_HOPS"> = serverEnv()): string {
  const hops = env.TRUSTED_PROXY_HOPS;
  const candidate =
    hops > 0
      ? (request?.headers.get("x-forwarded-for") ?? "")
          .split(",")
          .map((entry) => entry.trim())
          .at(-hops)
      : request?.headers.get(PEER_ADDRESS_HEADER)?.trim();
  return candidate && ipaddr.isValid(candidate) ? candidate : "local";
}
