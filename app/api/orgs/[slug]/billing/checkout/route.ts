import { billingRedirectSchema } from "@/lib/schemas/billing";
import { openCheckout } from "@/lib/server/billing/checkout";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { appOrigin } from "@/lib/server/http/same-origin";

/** An owner opens Stripe Checkout for Pro: `{url}` to send the browser to. 409 when billing is off or Pro is already paid for. */
export const POST = memberRoute({ minRole: "owner" })({}, async (ctx, { request }) =>
  json(billingRedirectSchema.parse({ url: await openCheckout(ctx, appOrigin(request)) })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
