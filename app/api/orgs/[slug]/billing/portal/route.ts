import { billingRedirectSchema } from "@/lib/schemas/billing";
import { openPortal } from "@/lib/server/billing/portal";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { appOrigin } from "@/lib/server/http/same-origin";

/** An owner opens the Stripe customer portal: `{url}`. 409 when billing is off or there is no Stripe customer yet. */
export const POST = memberRoute({ minRole: "owner" })({}, async (ctx, { request }) =>
  json(billingRedirectSchema.parse({ url: await openPortal(ctx, appOrigin(request)) })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
