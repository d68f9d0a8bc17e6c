import { serverEnv } from "@/lib/server/env";
import { AppError } from "@/lib/server/http/app-error";
import { checkOutboundUrl, type LookupAll } from "@/lib/server/http/outbound-url-guard";
import { OUTBOUND_ALLOW_PRIVATE_ENV } from "@/lib/server/http/safe-fetch";

/**
 * An endpoint URL is checked when it is saved (here: a 422 that says why, e.g. a loopback or
 * metadata address) and again at every delivery after DNS (safeFetch), since a name's addresses
 * can change in between.
 */
export async function assertDeliverableUrl(url: string, options: { allowPrivate?: boolean; lookup?: LookupAll } = {}): Promise<string> {
  const verdict = await checkOutboundUrl(url, {
    allowPrivate: options.allowPrivate ?? serverEnv().OUTBOUND_ALLOW_PRIVATE,
    allowPrivateVariable: OUTBOUND_ALLOW_PRIVATE_ENV,
    lookup: options.lookup,
  });
  if (!verdict.ok) {
    throw new AppError(422, "url_refused", verdict.reason, { issues: [{ path: "url", message: verdict.reason }], reason: verdict.code });
  }
  return verdict.url.toString();
}
