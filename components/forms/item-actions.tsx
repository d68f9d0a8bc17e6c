"use client";

import { ArrowDownIcon, ArrowUpIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * Move up, move down and remove, as buttons (so reordering works from the keyboard); `name` says what
 * they act on. At an end the move button is aria-disabled rather than disabled, so the focus stays on
 * it after the move that brought the item there.
 */
export function ItemActions({
  name,
  first,
  last,
  onMove,
  onRemove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove?(delta: -1 | 1): void;
  onRemove(): void;
}) {
  return (
    <div className="flex items-center gap-1">
      {onMove ? (
        <>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Move ${name} up`}
            aria-disabled={first || undefined}
            onClick={() => !first && onMove(-1)}
          >
            <ArrowUpIcon aria-hidden />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Move ${name} down`}
            aria-disabled={last || undefined}
            onClick={() => !last && onMove(1)}
          >
            <ArrowDownIcon aria-hidden />
          </Button>
        </>
      ) : null}
      <Button type="button" size="icon" variant="ghost" aria-label={`Remove ${name}`} onClick={onRemove}>
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  );
}
