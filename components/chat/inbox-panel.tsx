import { InboxIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { InboxItem } from "@/lib/agent/store-adapter";

/** What the agent asked other teams or systems, and their answers; a blocking request holds the agent until it is answered. */
export function InboxPanel({ items }: { items: InboxItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="inbox-heading" className="grid gap-2 rounded-lg border bg-card p-3">
      <h2 id="inbox-heading" className="flex items-center gap-1.5 text-sm font-semibold">
        <InboxIcon aria-hidden className="size-4" /> Requests to others
      </h2>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.id} className="grid gap-0.5 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="outline">{item.tag}</Badge>
              <span className="min-w-0 flex-1">{item.request}</span>
              {item.status === "pending" ? (
                <Badge variant="warning">{item.blocking ? "Agent waits" : "Open"}</Badge>
              ) : (
                <Badge variant="success">Answered</Badge>
              )}
            </div>
            {item.response ? <p className="pl-1 text-muted-foreground">→ {item.response}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
