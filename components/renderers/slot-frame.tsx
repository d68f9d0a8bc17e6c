import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { cn } from "@/lib/utils";

const STATUS: Record<SlotRecord["status"], { label: string; variant: "warning" | "success" | "destructive" | "secondary" } | null> = {
  pending: { label: "Waiting for you", variant: "warning" },
  shown: null,
  resolved: { label: "Answered", variant: "success" },
  rejected: { label: "Declined", variant: "destructive" },
  expired: { label: "Expired", variant: "secondary" },
  dismissed: { label: "Dismissed", variant: "secondary" },
};

/**
 * The frame every card shares: a labelled group (so a screen reader announces which card it is in),
 * a heading, the card's status, and `aria-busy` while an answer is on its way.
 */
export function SlotFrame({
  slot,
  title,
  icon,
  pending = false,
  children,
  className,
}: {
  slot: SlotRecord;
  title: ReactNode;
  icon?: ReactNode;
  pending?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const status = STATUS[slot.status];
  const headingId = `slot-${slot.id}-title`;
  return (
    <section
      role="group"
      aria-labelledby={headingId}
      aria-busy={pending || undefined}
      data-slot-id={slot.id}
      data-slot-status={slot.status}
      data-renderer={slot.renderer}
      className={cn(
        "grid gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm",
        slot.status === "pending" && "border-warning/50 ring-1 ring-warning/20",
        className,
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        {icon ? (
          <span aria-hidden className="text-muted-foreground [&_svg]:size-4">
            {icon}
          </span>
        ) : null}
        <h3 id={headingId} className="min-w-0 flex-1 text-sm font-semibold">
          {title}
        </h3>
        {status ? <Badge variant={status.variant}>{status.label}</Badge> : null}
      </div>
      {children}
    </section>
  );
}

/** The buttons row of a card. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-2">{children}</div>;
}
