import ipaddr from "ipaddr.js";

/**
 * The client's address, for per-network limits and the audit log. `X-Forwarded-For` lists the
 * addresses each proxy saw, the client's own claims first; only entries added by our proxies can
 * be trusted, so the address is the one `TRUSTED_PROXY_HOPS` entries from the right (default 1:
 * one reverse proxy in front of the app). Anything that is not an IP address counts as "local",
 * so a forged or oversized header can neither pick a fresh throttle key per request nor reach the
 * database as text.
 */
export function clientIp(request: Request | undefined, env: Record<string, string | undefined> = process.env): string {
  const hops = Number(env.TRUSTED_PROXY_HOPS ?? 1);
  const forwarded = (request?.headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  const candidates = [Number.isInteger(hops) && hops > 0 ? forwarded.at(-hops) : undefined, request?.headers.get("x-real-ip")?.trim()];
  return candidates.find((candidate): candidate is string => Boolean(candidate && ipaddr.isValid(candidate))) ?? "local";
}
