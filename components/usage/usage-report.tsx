"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { useId, useState } from "react";
import { NativeSelect } from "@/components/settings/native-select";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { UsageReport as Report } from "@/lib/schemas/billing";
import { formatMonth } from "./format";
import { UsageChart } from "./usage-chart";
import { UsageMeters } from "./usage-meters";
import { UsageTables } from "./usage-tables";

const WARNING_METRIC: Record<Report["warnings"][number]["metric"], string> = {
  messages: "Messages",
  tokens: "Model tokens",
  apiRequests: "API requests",
};

export interface UsageReportProps {
  slug: string;
  /** The plans whose tokens above the allowance are billed rather than refused (plans.ts `overage`). */
  overagePlans: string[];
  topRows: number;
}

/** Settings → Usage, owners and admins: a month's usage against the plan, per day, member, conversation and model; its CSV. */
export function UsageReport({ slug, overagePlans, topRows }: UsageReportProps) {
  // null: the server's current month. The picker's months come with the answer (the server's clock, not the browser's).
  const [picked, setPicked] = useState<string | null>(null);
  const pickerId = useId();
  const query = useQuery({
    queryKey: ["org", slug, "usage", picked ?? "current"],
    queryFn: () => apiFetch<Report>(`/api/orgs/${slug}/usage${picked ? `?month=${picked}` : ""}`),
    placeholderData: keepPreviousData,
  });
  const months = query.data?.months ?? [];
  const month = picked ?? query.data?.month ?? null;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <label htmlFor={pickerId} className="text-sm font-medium">
            Month
          </label>
          <NativeSelect
            id={pickerId}
            value={month ?? ""}
            disabled={months.length === 0}
            onChange={(event) => setPicked(event.target.value)}
          >
            {months.map((option) => (
              <option key={option} value={option}>
                {formatMonth(option)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {month ? (
          <Button asChild variant="outline">
            <a href={`/api/orgs/${slug}/usage/export?month=${month}`} download>
              <DownloadIcon aria-hidden /> Download CSV
            </a>
          </Button>
        ) : null}
      </div>
      {query.isPending ? <Skeleton className="h-72 w-full" aria-label="Loading the usage" /> : null}
      {query.isError ? (
        <LoadError
          message={errorMessage(query.error, "The usage could not be loaded.")}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : null}
      {query.data ? (
        <MonthUsage report={query.data} overage={query.data.plan !== null && overagePlans.includes(query.data.plan)} topRows={topRows} />
      ) : null}
    </div>
  );
}

const daysBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000);

function MonthUsage({ report, overage, topRows }: { report: Report; overage: boolean; topRows: number }) {
  // API requests have no per-day series, so a month of API traffic alone is known by its totals.
  const { totals } = report;
  const used = totals.messages > 0 || totals.tokens > 0 || totals.api_requests > 0;
  return (
    <div className="grid gap-6" aria-label={`Usage in ${formatMonth(report.month)}`}>
      {report.plan === null ? (
        <Alert variant="info">
          <AlertDescription>Usage is counted, with no limits (billing is off).</AlertDescription>
        </Alert>
      ) : null}
      {report.warnings.map((warning) => (
        <Alert key={warning.metric} variant={warning.percent >= 100 ? "destructive" : "warning"} role="status">
          <AlertTitle>
            {warning.percent >= 100
              ? `${WARNING_METRIC[warning.metric]}: the plan's limit is reached in ${formatMonth(report.month)}.`
              : `${WARNING_METRIC[warning.metric]}: 80% of the plan's limit or more is used in ${formatMonth(report.month)}.`}
          </AlertTitle>
          <AlertDescription>
            The meters below say what happens at the limit. Owners can change the plan on the Billing page.
          </AlertDescription>
        </Alert>
      ))}
      <UsageMeters report={report} overage={overage} />
      {used ? (
        <>
          <UsageChart days={report.by_day} daysInMonth={daysBetween(report.period.start, report.period.end)} />
          <UsageTables report={report} topRows={topRows} />
        </>
      ) : (
        <EmptyState
          title={`Nothing used in ${formatMonth(report.month)}`}
          description="Messages, model tokens and API requests appear here per day, member, conversation and model as they are used."
        />
      )}
    </div>
  );
}
