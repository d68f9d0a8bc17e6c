import { usageReportSchema } from "@/lib/schemas/billing";
import { usageMonthOf, usageReport } from "@/lib/server/billing/usage-report";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** GET ?month=YYYY-MM (default this month): the month's usage against the plan, owners and admins (docs/billing.md#the-usage-page). */
export const GET = memberRoute({ minRole: "admin" })({}, async (ctx, { request }) => {
  const now = new Date();
  const month = usageMonthOf(new URL(request.url).searchParams.get("month"), now);
  return json(usageReportSchema.parse(await usageReport(ctx, month, now)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
