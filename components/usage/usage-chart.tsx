"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { UsageReport } from "@/lib/schemas/billing";
import { formatDay, formatNumber } from "./format";

type Metric = "tokens" | "messages";
const METRIC_LABEL: Record<Metric, string> = { tokens: "Tokens", messages: "Messages" };

// The drawing's own units; the SVG scales to its container's width.
const WIDTH = 960;
const HEIGHT = 200;
const AXIS = 24;
/** Label every n-th day under the bars, so a month's labels never overlap. */
const LABEL_EVERY = 5;

/**
 * The month's usage per day as bars (hand-written SVG: a few rectangles need no chart library).
 * The month's days that have not come yet stay empty. Accessible three ways: the SVG is an image with a title and a description that states the figures,
 * each bar carries its value as a tooltip (`<title>`), and a table of every day sits below it.
 */
export function UsageChart({ days, daysInMonth }: { days: UsageReport["by_day"]; daysInMonth: number }) {
  const [metric, setMetric] = useState<Metric>("tokens");
  const id = useId();
  const values = days.map((day) => day[metric]);
  const max = Math.max(...values, 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  const peak = days[values.indexOf(max)];
  // One slot per day of the whole month, so a day sits at its place in the month however many have passed.
  const slot = (WIDTH - AXIS) / Math.max(daysInMonth, days.length, 1);
  const unit = METRIC_LABEL[metric].toLowerCase();
  const description =
    days.length === 0
      ? "No days to show."
      : `${METRIC_LABEL[metric]} per day from ${formatDay(days[0].day)} to ${formatDay(days[days.length - 1].day)}: ` +
        (max === 0 ? `none used.` : `${formatNumber(total)} in all, the most on ${formatDay(peak.day)} with ${formatNumber(max)}.`);
  return (
    <figure className="grid gap-3" aria-labelledby={`${id}-caption`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption id={`${id}-caption`} className="text-base font-semibold">
          {METRIC_LABEL[metric]} per day
        </figcaption>
        <div role="group" aria-label="Show per day" className="flex gap-1">
          {(Object.keys(METRIC_LABEL) as Metric[]).map((option) => (
            <Button
              key={option}
              size="sm"
              variant={option === metric ? "default" : "outline"}
              aria-pressed={option === metric}
              onClick={() => setMetric(option)}
            >
              {METRIC_LABEL[option]}
            </Button>
          ))}
        </div>
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="h-auto w-full text-primary"
        data-testid="usage-chart"
      >
        <title id={`${id}-title`}>{`${METRIC_LABEL[metric]} per day`}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <text x={0} y={12} className="fill-muted-foreground text-[11px]">
          {formatNumber(max)}
        </text>
        <line x1={AXIS} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-border" />
        {days.map((day, index) => {
          const height = max === 0 ? 0 : Math.max((day[metric] / max) * (HEIGHT - 20), day[metric] > 0 ? 2 : 0);
          const x = AXIS + index * slot;
          return (
            <g key={day.day} data-day={day.day} data-value={day[metric]}>
              <title>{`${formatDay(day.day)}: ${formatNumber(day[metric])} ${unit}`}</title>
              {/* The full-height band makes the whole column hoverable, also for a day with nothing. */}
              <rect x={x} y={0} width={slot} height={HEIGHT} className="fill-transparent" />
              <rect x={x + slot * 0.15} y={HEIGHT - height} width={slot * 0.7} height={height} rx={2} className="fill-current" />
              {index % LABEL_EVERY === 0 ? (
                <text x={x + slot / 2} y={HEIGHT + 16} textAnchor="middle" className="fill-muted-foreground text-[11px]">
                  {formatDay(day.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <p className="text-sm text-muted-foreground">{description}</p>
      <details>
        <summary className="cursor-pointer text-sm">Show the days as a table</summary>
        <Table aria-label="Usage per day">
          <TableHeader>
            <TableRow>
              <TableHead>Day</TableHead>
              <TableHead className="text-right">Messages</TableHead>
              <TableHead className="text-right">Tokens</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {days.map((day) => (
              <TableRow key={day.day}>
                <TableCell>{formatDay(day.day)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(day.messages)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(day.tokens)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </figure>
  );
}
