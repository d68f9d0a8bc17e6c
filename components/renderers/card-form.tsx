"use client";

import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CardActions } from "./slot-frame";

/**
 * A card that is answered by submitting it: its fields, then one submit button that reads
 * "Sending…" while the answer travels. `onSubmit` gets the event with its default already prevented.
 */
export function CardForm({
  onSubmit,
  pending,
  canSubmit = true,
  submitLabel,
  label,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  canSubmit?: boolean;
  submitLabel: string;
  /** The form's accessible name, when the card holds more than one question. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <form
      className="grid gap-3"
      // Cards check their answer with the tool's zod schema and say what to fix; the browser's own bubbles would differ.
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
    >
      {children}
      <CardActions>
        <Button type="submit" disabled={pending || !canSubmit}>
          {pending ? "Sending…" : submitLabel}
        </Button>
      </CardActions>
    </form>
  );
}
