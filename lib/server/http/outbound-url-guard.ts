import { lookup as dnsLookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

/**
 * The SSRF guard for every request our server makes to a URL a tenant chose: webhook endpoints
 * (lib/server/webhooks/) and model base URLs (lib/server/agent/model-url-guard.ts).
 *
 * A tenant must not make our server call its own loopback, the cloud metadata address or the
 * private network. So a URL may be reached only when every address its host resolves to is public
 * unicast: one private answer among public ones is enough to refuse, since the connection could
 * take any of them. Literal IPs are checked as they are, without DNS; the WHATWG URL parser has
 * already turned `2130706433`, `0x7f.1` and `[::ffff:7f00:1]` into their canonical form, and an
 * IPv4-mapped IPv6 address is judged as the IPv4 address it maps. An operator who runs receivers on
 * a private network allows them with an environment flag (each caller names its own).
 *
 * `checkOutboundUrl` returns the addresses it vetted, and `safeFetch` (./safe-fetch.ts) connects to
 * one of those, never resolving the name again: a DNS rebinding between check and connect cannot
 * reach a private address.
 */

/**
 * The cloud metadata endpoints (AWS, GCP, Azure, OpenStack: 169.254.169.254; AWS over IPv6: fd00:ec2::254;
 * AWS ECS task credentials: 169.254.170.2; Alibaba Cloud: 100.100.100.200).
 */
const METADATA_ADDRESSES = new Set(["169.254.169.254", "fd00:ec2::254", "169.254.170.2", "100.100.100.200"]);

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (the default is the system resolver); tests inject their own. */
export type LookupAll = (host: string) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupAll = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));

/**
 * Why an address may not be reached ("loopback", "private", "metadata", ...), or null for a public
 * unicast address. ipaddr.js's range names; anything but `unicast` is refused: private, loopback,
 * linkLocal, uniqueLocal, multicast, unspecified, broadcast, carrierGradeNat, reserved, and the
 * IPv6 ranges that embed an IPv4 address we cannot see through (6to4, teredo, NAT64).
 */
export function blockedRange(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return "invalid";
  }
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString())) return "metadata";
  const range = parsed.range();
  return range === "unicast" ? null : range;
}

export type HostVerdict =
  | { ok: true; addresses: ResolvedAddress[] }
  | { ok: false; code: "unresolvable"; host: string }
  | { ok: false; code: "private_address"; host: string; address: string; range: string };

export interface GuardOptions {
  /** The operator's switch: private addresses allowed, the metadata address still not (the host is still resolved once, to pin the connection). */
  allowPrivate: boolean;
  lookup?: LookupAll;
}

/** The host (a name, or a literal IP without brackets) resolved and every address judged. */
export async function vetHost(host: string, options: GuardOptions): Promise<HostVerdict> {
  const bare = host.replace(/^\[|\]$/g, "");
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(bare)) {
    addresses = [{ address: bare, family: ipaddr.parse(bare).kind() === "ipv6" ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.lookup ?? systemLookup)(bare);
    } catch {
      return { ok: false, code: "unresolvable", host: bare };
    }
    if (addresses.length === 0) return { ok: false, code: "unresolvable", host: bare };
  }
  for (const { address } of addresses) {
    const range = blockedRange(address);
    // The operator's switch opens the private network, never the metadata endpoint: no receiver lives there.
    if (range !== null && (range === "metadata" || !options.allowPrivate))
      return { ok: false, code: "private_address", host: bare, address, range };
  }
  return { ok: true, addresses };
}

export type OutboundRefusalCode = "invalid_url" | "unsupported_scheme" | "credentials_in_url" | "unresolvable" | "private_address";

export type OutboundUrlVerdict =
  { ok: true; url: URL; addresses: ResolvedAddress[] } | { ok: false; code: OutboundRefusalCode; reason: string };

/**
 * Whether our server may send a request to `url`: http or https, no user name or password in it,
 * and its host vetted by `vetHost`. `reason` is a sentence for the admin who entered the URL.
 * `allowPrivateVariable` names the operator's switch in that sentence.
 */
export async function checkOutboundUrl(
  url: string | URL,
  options: GuardOptions & { allowPrivateVariable: string },
): Promise<OutboundUrlVerdict> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, code: "invalid_url", reason: `${String(url)} is not a valid URL.` };
  }
  const shown = parsed.origin === "null" ? parsed.protocol : `${parsed.origin}${parsed.pathname}`;
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { ok: false, code: "unsupported_scheme", reason: `${shown} is not an http or https URL.` };
  }
  if (parsed.username !== "" || parsed.password !== "") {
    return {
      ok: false,
      code: "credentials_in_url",
      reason: `The URL ${shown} carries a user name or password; remove them (a secret belongs in a header, not the URL).`,
    };
  }
  const verdict = await vetHost(parsed.hostname, options);
  if (verdict.ok) return { ok: true, url: parsed, addresses: verdict.addresses };
  if (verdict.code === "unresolvable") {
    return { ok: false, code: "unresolvable", reason: `The host ${verdict.host} could not be resolved. Check the URL.` };
  }
  return {
    ok: false,
    code: "private_address",
    reason:
      `The URL ${shown} points to a private, loopback, link-local or metadata address (${verdict.address}), which our server may not reach. ` +
      `Use a public address, or ask the operator to set ${options.allowPrivateVariable}=1.`,
  };
}
