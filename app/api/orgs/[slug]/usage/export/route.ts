import { usageCsv } from "@/lib/server/billing/usage-export";
import { monthKey } from "@/lib/server/billing/usage-month";
import { usageMonthOf } from "@/lib/server/billing/usage-report";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { memberRoute } from "@/lib/server/http/route-builders";

/** GET ?month=YYYY-MM (default this month): the month's usage as CSV, owners and admins. */
export const GET = memberRoute({ minRole: "admin" })({}, async (ctx, { request }) => {
  const now = new Date();
  const month = usageMonthOf(new URL(request.url).searchParams.get("month"), now);
  return new Response(await usageCsv(ctx, month, now), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      // Slugs are lowercase letters, digits and dashes (slugSchema): nothing to escape in the name.
      "content-disposition": `attachment; filename="usage-${ctx.orgSlug}-${monthKey(month)}.csv"`,
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
