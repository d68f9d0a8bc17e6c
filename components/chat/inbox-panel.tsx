"use client";

import { useState } from "react";
import { InboxIcon } from "lucide-react";
import { AnswerDialog, type AnswerableItem } from "@/components/inbox/answer-dialog";
import { InboxStatusBadge, resolverLabel } from "@/components/inbox/item-status";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { InboxItem } from "@/lib/agent/store-adapter";

/**
 * What the agent asked other teams or systems, and their answers, live (`inbox_updated`); a blocking
 * request holds the agent until it is answered. A member answers a pending one here with the inbox
 * page's dialog; the conversation then continues by itself.
 */
export function InboxPanel({ orgSlug, items }: { orgSlug: string; items: InboxItem[] }) {
  const [answering, setAnswering] = useState<AnswerableItem | null>(null);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="inbox-heading" className="grid gap-2 rounded-lg border bg-card p-3">
      <h2 id="inbox-heading" className="flex items-center gap-1.5 text-sm font-semibold">
        <InboxIcon aria-hidden className="size-4" /> Requests to others
      </h2>
      <ul className="grid gap-2">
        {items.map((item) => {
          const by = resolverLabel(item.resolved_by);
          const publicId = item.public_id;
          return (
            <li key={item.id} className="grid gap-0.5 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="outline">{item.tag}</Badge>
                <span className="min-w-0 flex-1">{item.request}</span>
                {item.status === "pending" ? (
                  <>
                    <Badge variant="warning">{item.blocking ? "Agent waits" : "Open"}</Badge>
                    {publicId && (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() =>
                          setAnswering({ publicId, tag: item.tag, request: item.request, responseSchema: item.response_schema ?? null })
                        }
                        aria-label={`Answer “${item.tag}”`}
                      >
                        Answer
                      </Button>
                    )}
                  </>
                ) : (
                  <InboxStatusBadge status={item.status} />
                )}
              </div>
              {item.response !== null && (
                <p className="pl-1 text-muted-foreground">
                  → {item.response}
                  {by && <span className="text-xs"> (by {by})</span>}
                </p>
              )}
              {item.status === "cancelled" && by && <p className="pl-1 text-xs text-muted-foreground">Cancelled by {by}.</p>}
              {item.status === "expired" && <p className="pl-1 text-xs text-muted-foreground">Expired without an answer.</p>}
            </li>
          );
        })}
      </ul>
      <AnswerDialog slug={orgSlug} item={answering} onClose={() => setAnswering(null)} />
    </section>
  );
}
