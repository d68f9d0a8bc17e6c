import type { ReactNode } from "react";
import { CircleCheckIcon, CircleXIcon, HourglassIcon, Loader2Icon, RepeatIcon, SkipForwardIcon, WrenchIcon } from "lucide-react";
import { JsonBlock } from "@/components/renderers/value-view";
import type { ToolResultPayload } from "@/lib/agent/messages";
import { SKIPPED_FOR_STEERING } from "@/lib/agent/steering";
import type { TimelineEntry, ToolCallStatus } from "@/lib/client/timeline";
import { cn } from "@/lib/utils";
import { useToolTitle } from "./tool-titles";

const STATUS: Record<ToolCallStatus, { label: string; icon: ReactNode; className: string }> = {
  running: { label: "running", icon: <Loader2Icon aria-hidden className="animate-spin" />, className: "text-muted-foreground" },
  waiting: { label: "waiting for you", icon: <HourglassIcon aria-hidden />, className: "text-warning" },
  done: { label: "done", icon: <CircleCheckIcon aria-hidden />, className: "text-success" },
  error: { label: "error", icon: <CircleXIcon aria-hidden />, className: "text-destructive" },
};

/**
 * The runtime's own refusals read as what they are, not as a tool's error: a repeat the guard blocked
 * (its result's data says so, so a reload draws the same) and a call skipped for a message sent meanwhile.
 */
function refusal(result: ToolResultPayload | undefined): { label: string; icon: ReactNode; title: string } | null {
  const blocked = result?.data as { blocked_repeat?: unknown; count?: unknown } | null | undefined;
  if (blocked?.blocked_repeat === true) {
    const count = typeof blocked.count === "number" ? blocked.count : null;
    return {
      label: "repeat blocked",
      icon: <RepeatIcon aria-hidden />,
      title: `The same call with the same result came back${count ? ` (call ${count})` : ""}, so it was not run again.`,
    };
  }
  if (result?.message === SKIPPED_FOR_STEERING)
    return { label: "skipped", icon: <SkipForwardIcon aria-hidden />, title: "Not run: you sent a message while the agent worked." };
  return null;
}

/** A one-line gist of a tool's input: its first short text value. */
function gist(input: unknown): string {
  if (!input || typeof input !== "object") return "";
  const first = Object.values(input as Record<string, unknown>).find((value) => typeof value === "string" && value.trim());
  const text = typeof first === "string" ? first.replace(/\s+/g, " ") : "";
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** A tool call as a compact status row; its input and output expand (native details: keyboard and screen-reader ready). */
export function ToolCallRow({ entry, resultView }: { entry: Extract<TimelineEntry, { kind: "tool" }>; resultView?: ReactNode }) {
  const refused = refusal(entry.result);
  const status = refused ? { ...STATUS.error, ...refused, className: "text-warning" } : STATUS[entry.status];
  const name = useToolTitle(entry.call.tool_name);
  return (
    <div className="grid gap-2">
      <details className="group rounded-md border bg-muted/30 text-sm" data-tool-call={entry.call.id} data-tool-status={entry.status}>
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
          <WrenchIcon aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
          <span className="font-medium">{name}</span>
          <span className="min-w-0 flex-1 truncate text-muted-foreground">{gist(entry.call.input_args)}</span>
          <span
            className={cn("flex shrink-0 items-center gap-1 text-xs [&_svg]:size-3.5", status.className)}
            title={refused?.title}
            data-tool-refusal={refused?.label}
          >
            {status.icon}
            {status.label}
          </span>
          <span className="sr-only">, show input and output</span>
        </summary>
        <div className="grid gap-3 border-t px-3 py-3">
          <div className="grid gap-1">
            <p className="text-xs font-medium text-muted-foreground">Input</p>
            <JsonBlock value={entry.call.input_args} label={`Input of ${name}`} />
          </div>
          {entry.result ? (
            <div className="grid gap-1">
              <p className="text-xs font-medium text-muted-foreground">{entry.result.status === "error" ? "Error" : "Output"}</p>
              {entry.result.message ? <p className="text-sm">{entry.result.message}</p> : null}
              {entry.result.data !== null && entry.result.data !== undefined ? (
                <JsonBlock value={entry.result.data} label={`Output of ${name}`} />
              ) : null}
            </div>
          ) : null}
        </div>
      </details>
      {resultView ? <div className="rounded-md border p-3">{resultView}</div> : null}
    </div>
  );
}
