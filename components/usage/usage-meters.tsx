import type { UsageReport } from "@/lib/schemas/billing";
import { cn } from "@/lib/utils";
import { formatNumber } from "./format";

type Metric = keyof UsageReport["limits"];

const METERS: { metric: Metric; label: string; used: (totals: UsageReport["totals"]) => number; monthly: boolean }[] = [
  { metric: "messages", label: "Messages", used: (t) => t.messages, monthly: true },
  { metric: "tokens", label: "Model tokens", used: (t) => t.tokens, monthly: true },
  { metric: "apiRequests", label: "API requests", used: (t) => t.api_requests, monthly: true },
  { metric: "seats", label: "Seats", used: (t) => t.seats, monthly: false },
  { metric: "webhookEndpoints", label: "Webhook endpoints", used: (t) => t.webhook_endpoints, monthly: false },
  { metric: "forms", label: "Forms", used: (t) => t.forms, monthly: false },
];

/** What happens at a limit, in the words of the admission checks (docs/billing.md): a clause, lowercase. */
function atLimit(metric: Metric, overage: boolean): string {
  switch (metric) {
    case "messages":
      return "new messages are refused until the 1st of next month (UTC)";
    case "tokens":
      return overage
        ? "tokens above the allowance are billed on the next invoice"
        : "new answers are refused until the 1st of next month (UTC)";
    case "apiRequests":
      return "API requests are answered 402 until the 1st of next month (UTC)";
    case "seats":
      return "invites cannot be accepted until a seat is free";
    case "webhookEndpoints":
      return "no more webhook endpoints can be added";
    case "forms":
      return "no more forms can be added";
  }
}

type Level = "ok" | "warning" | "over";
const levelOf = (percent: number): Level => (percent >= 100 ? "over" : percent >= 80 ? "warning" : "ok");
const BAR: Record<Level, string> = { ok: "bg-primary", warning: "bg-warning", over: "bg-destructive" };

/**
 * A meter per limit: what is used against the plan, amber from 80% and red from 100%, with what
 * happens at the limit. Monthly limits count the month shown; seats, endpoints and forms are what
 * exists now. With billing off there is no limit, and each meter says so.
 */
export function UsageMeters({ report, overage }: { report: UsageReport; overage: boolean }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Usage against the plan">
      {METERS.map(({ metric, label, used, monthly }) => {
        const value = used(report.totals);
        const limit = report.limits[metric];
        const percent = limit === null ? 0 : limit === 0 ? (value > 0 ? 100 : 0) : Math.floor((value * 100) / limit);
        const level = limit === null ? "ok" : levelOf(percent);
        const text =
          limit === null ? `${formatNumber(value)} (no limit)` : `${formatNumber(value)} of ${formatNumber(limit)} (${percent}%)`;
        return (
          <li key={metric} className="grid gap-1.5 rounded-md border p-3 text-sm" data-metric={metric} data-level={level}>
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-medium">
                {label}
                {monthly ? null : <span className="text-muted-foreground"> (now)</span>}
              </span>
              <span className="tabular-nums">{text}</span>
            </div>
            <div
              role="meter"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={limit ?? value}
              aria-valuenow={value}
              aria-valuetext={text}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              {limit === null ? null : <div className={cn("h-full", BAR[level])} style={{ width: `${Math.min(percent, 100)}%` }} />}
            </div>
            {level === "warning" ? <p className="text-warning">{`${percent}% used. At the limit, ${atLimit(metric, overage)}.`}</p> : null}
            {level === "over" ? <p className="font-medium text-destructive">{`Limit reached: ${atLimit(metric, overage)}.`}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
