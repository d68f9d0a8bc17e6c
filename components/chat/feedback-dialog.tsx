"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FEEDBACK_COMMENT_MAX, FEEDBACK_REASONS, type FeedbackInput, type FeedbackReason } from "@/lib/schemas/feedback";

/** Thumbs down's questions: a preset reason and the person's own words, both optional. */
export function FeedbackDialog({
  open,
  onOpenChange,
  initial,
  pending,
  onSend,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: { reason: FeedbackReason | null; comment: string | null } | undefined;
  pending: boolean;
  onSend: (input: FeedbackInput) => void;
}) {
  const [reason, setReason] = useState<FeedbackReason | null>(initial?.reason ?? null);
  const [comment, setComment] = useState(initial?.comment ?? "");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSend({ rating: "down", reason, comment: comment.trim() || null });
          }}
        >
          <DialogHeader>
            <DialogTitle>What was wrong with this answer?</DialogTitle>
            <DialogDescription>Optional. Your organization&apos;s admins read this to make the agent better.</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {(Object.entries(FEEDBACK_REASONS) as [FeedbackReason, string][]).map(([key, label]) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input type="radio" name="reason" value={key} checked={reason === key} onChange={() => setReason(key)} />
                {label}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor="feedback-comment">Tell us more</Label>
            <Textarea
              id="feedback-comment"
              value={comment}
              maxLength={FEEDBACK_COMMENT_MAX}
              onChange={(event) => setComment(event.target.value)}
              placeholder="What should the answer have said?"
            />
            <p className="text-xs text-muted-foreground">
              {comment.length.toLocaleString("en-US")} / {FEEDBACK_COMMENT_MAX.toLocaleString("en-US")}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              Send feedback
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
