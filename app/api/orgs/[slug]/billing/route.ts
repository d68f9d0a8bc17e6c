import { billingStateSchema } from "@/lib/schemas/billing";
import { billingState } from "@/lib/server/billing/billing-state";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** The organization's plan and subscription as they apply now (from Postgres): owners and admins; `can_manage` for owners. */
export const GET = memberRoute({ minRole: "admin" })({}, async (ctx) => json(billingStateSchema.parse(await billingState(ctx))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
