"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/settings/native-select";
import { useConversationList } from "@/lib/client/use-conversations";
import type { InboxFilters } from "./use-inbox";

const STATUSES = [
  ["", "Any status"],
  ["pending", "Waiting"],
  ["resolved", "Answered"],
  ["consumed", "Read by the agent"],
  ["expired", "Expired"],
  ["cancelled", "Cancelled"],
] as const;

const AGES = [
  ["", "Any age"],
  ["15", "15 minutes"],
  ["60", "1 hour"],
  ["1440", "1 day"],
  ["10080", "1 week"],
] as const;

/** The list's filters; text filters apply on "Apply" (or Enter), so each keystroke is not a request. */
export function InboxFiltersForm({ slug, onApply }: { slug: string; onApply: (filters: InboxFilters) => void }) {
  const [draft, setDraft] = useState<InboxFilters>({});
  const conversations = useConversationList(slug, "");
  const set = (name: keyof InboxFilters) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  return (
    <form
      aria-label="Filter the inbox"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor="inbox-status">Status</Label>
        <NativeSelect id="inbox-status" value={draft.status ?? ""} onChange={set("status")}>
          {STATUSES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="inbox-tag">Tag</Label>
        <Input id="inbox-tag" className="w-36" value={draft.tag ?? ""} onChange={set("tag")} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="inbox-conversation">Conversation</Label>
        <NativeSelect id="inbox-conversation" className="max-w-56" value={draft.conversation_id ?? ""} onChange={set("conversation_id")}>
          <option value="">All conversations</option>
          {conversations.data?.pages
            .flatMap((page) => page.conversations)
            .map((conversation) => (
              <option key={conversation.id} value={conversation.id}>
                {conversation.title || "Untitled conversation"}
              </option>
            ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="inbox-age">Waiting longer than</Label>
        <NativeSelect id="inbox-age" value={draft.older_than_minutes ?? ""} onChange={set("older_than_minutes")}>
          {AGES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="inbox-correlation">Correlation key</Label>
        <Input id="inbox-correlation" className="w-36" value={draft.correlation_key ?? ""} onChange={set("correlation_key")} />
      </div>
      <Button type="submit" variant="secondary">
        Apply filters
      </Button>
    </form>
  );
}
