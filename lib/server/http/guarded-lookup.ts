import type { LookupFunction } from "node:net";
import { vetHost, type GuardOptions, type HostVerdict, type ResolvedAddress } from "./outbound-url-guard";

type AllCallback = (error: NodeJS.ErrnoException | null, addresses: ResolvedAddress[]) => void;

/** A `lookup` for node:net that always answers with the vetted address, in the shape net asks for. */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) (callback as unknown as AllCallback)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** The guard refused the address a connection would have gone to. */
export class AddressRefusedError extends Error {
  override name = "AddressRefusedError";
  readonly code = "ERR_ADDRESS_REFUSED";
}

/** The guard's refusal as an error to fail the connection with. */
export function addressRefused(verdict: Exclude<HostVerdict, { ok: true }>): AddressRefusedError {
  return new AddressRefusedError(
    verdict.code === "unresolvable"
      ? `The host ${verdict.host} could not be resolved.`
      : `The host ${verdict.host} resolved to a ${verdict.range} address (${verdict.address}), which the server may not reach.`,
  );
}

/**
 * A `lookup` for node:net that resolves the name and lets the connection go only to addresses the
 * SSRF guard accepts (`vetHost`): for clients that keep connections alive, where every new
 * connection is vetted as it is made, so a name that changes its answer after an earlier check
 * (DNS rebinding) still cannot reach a private address. node:net asks no lookup for a literal IP:
 * the caller vets those itself (`vetHost` needs no DNS for them).
 */
export function vettingLookup(options: GuardOptions): LookupFunction {
  return (host, lookupOptions, callback) => {
    vetHost(host, options).then(
      (verdict) => {
        if (!verdict.ok) callback(addressRefused(verdict), "", 4);
        else if (lookupOptions.all) (callback as unknown as AllCallback)(null, verdict.addresses);
        else callback(null, verdict.addresses[0].address, verdict.addresses[0].family);
      },
      (error: Error) => callback(error, "", 4),
    );
  };
}
