"use client";

import { useParams } from "next/navigation";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { ShareAudience, ShareCreated, ShareLinkView, ShareMode } from "@/lib/schemas/shares";
import type { MembersResponse } from "@/lib/schemas/team";

const AUDIENCES: Record<ShareAudience, string> = {
  people: "People I pick (members)",
  organization: "Everyone in the organization",
  public: "Anyone with the link",
};
const MODES: Record<ShareMode, string> = {
  snapshot: "Snapshot: the messages as they are now",
  live: "Live: the conversation as it goes on",
};
const EXPIRIES = { "1": "1 day", "7": "7 days", "30": "30 days", never: "Never" } as const;
type Expiry = keyof typeof EXPIRIES;

const selectClass = "h-9 w-full rounded-md border bg-background px-3 text-sm";
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

function linkState(link: ShareLinkView): string {
  if (link.revokedAt) return "Revoked";
  if (link.expiresAt && new Date(link.expiresAt) <= new Date()) return "Expired";
  return link.expiresAt ? `Until ${dateFormat.format(new Date(link.expiresAt))}` : "No expiry";
}

/** Share a conversation: audience, mode and expiry, the link shown once to copy, and this conversation's links with revoke. */
export default function ShareDialog({
  conversationId,
  open,
  onOpenChange,
}: {
  conversationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { orgSlug } = useParams<{ orgSlug: string }>();
  const queryClient = useQueryClient();
  const listKey = ["shares", conversationId];
  const [audience, setAudience] = useState<ShareAudience>("organization");
  const [mode, setMode] = useState<ShareMode>("snapshot");
  const [expiry, setExpiry] = useState<Expiry>("7");
  const [people, setPeople] = useState<string[]>([]);
  const [created, setCreated] = useState<ShareCreated | null>(null);
  const [copied, setCopied] = useState(false);

  const shares = useQuery({
    queryKey: listKey,
    queryFn: () => apiFetch<{ shares: ShareLinkView[] }>(`/api/conversations/${conversationId}/shares`),
  });
  const members = useQuery({
    // The same key and shape as Settings → Members (use-org-api.ts): one cache entry.
    queryKey: ["org", orgSlug, "members"],
    queryFn: () => apiFetch<MembersResponse>(`/api/orgs/${orgSlug}/members`),
    enabled: audience === "people",
  });
  const create = useMutation({
    mutationFn: () =>
      apiFetch<ShareCreated>(`/api/conversations/${conversationId}/shares`, {
        method: "POST",
        body: { audience, mode, expiresInDays: expiry === "never" ? null : Number(expiry), people: audience === "people" ? people : [] },
      }),
    onSuccess: (result) => {
      setCreated(result);
      setCopied(false);
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
  const revoke = useMutation({
    mutationFn: (shareId: string) => apiFetch(`/api/conversations/${conversationId}/shares/${shareId}`, { method: "DELETE" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });

  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };
  const others = (members.data?.members ?? []).filter((member) => member.userId !== members.data?.you.userId);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Share conversation</DialogTitle>
          <DialogDescription>
            A read-only link. Nobody can answer its cards or write in it; signed-in people can continue as their own copy.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          <label className="grid gap-1 text-sm">
            <span className="font-medium">Who can open it</span>
            <select className={selectClass} value={audience} onChange={(event) => setAudience(event.target.value as ShareAudience)}>
              {Object.entries(AUDIENCES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {audience === "people" && (
            <fieldset className="grid gap-1 text-sm">
              <legend className="mb-1 font-medium">People</legend>
              {members.isPending && <p className="text-muted-foreground">Loading members…</p>}
              {members.isSuccess && others.length === 0 && (
                <p className="text-muted-foreground">Nobody else is in this organization yet.</p>
              )}
              {others.map((member) => (
                <label key={member.userId} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={people.includes(member.userId)}
                    onChange={(event) =>
                      setPeople((picked) =>
                        event.target.checked ? [...picked, member.userId] : picked.filter((id) => id !== member.userId),
                      )
                    }
                  />
                  {member.name}
                </label>
              ))}
            </fieldset>
          )}
          <label className="grid gap-1 text-sm">
            <span className="font-medium">What it shows</span>
            <select className={selectClass} value={mode} onChange={(event) => setMode(event.target.value as ShareMode)}>
              {Object.entries(MODES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            <span className="font-medium">Expires after</span>
            <select className={selectClass} value={expiry} onChange={(event) => setExpiry(event.target.value as Expiry)}>
              {Object.entries(EXPIRIES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {create.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(create.error, "The link could not be made. Try again.")}
            </p>
          )}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create link"}
          </Button>
        </form>
        {created && (
          <div className="grid gap-2 rounded-md border p-3 text-sm">
            <p className="font-medium">Your link (shown only now)</p>
            <div className="flex gap-2">
              <Input readOnly aria-label="Share link" value={created.url} onFocus={(event) => event.currentTarget.select()} />
              <Button type="button" variant="outline" onClick={() => void copy(created.url)}>
                {copied ? "Copied" : "Copy"}
              </Button>
            </div>
          </div>
        )}
        <section aria-label="Links of this conversation" className="grid gap-2 text-sm">
          <h3 className="font-medium">Links of this conversation</h3>
          {shares.data?.shares.length === 0 && <p className="text-muted-foreground">No links yet.</p>}
          {shares.isError && <p className="text-destructive">{errorMessage(shares.error, "The links could not be loaded.")}</p>}
          <ul className="grid gap-2">
            {shares.data?.shares.map((link) => (
              <li key={link.id} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
                <div className="min-w-0">
                  <p className="truncate">
                    <code>{link.tokenPrefix}…</code> · {AUDIENCES[link.audience]} · {link.mode}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {linkState(link)} · by {link.createdBy.name}
                    {link.people.length > 0 && ` · for ${link.people.map((person) => person.name).join(", ")}`}
                  </p>
                </div>
                {link.canRevoke && !link.revokedAt && (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={revoke.isPending}
                    aria-label={`Revoke link ${link.tokenPrefix}`}
                    onClick={() => revoke.mutate(link.id)}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {revoke.isError && <p className="text-destructive">{errorMessage(revoke.error, "The link could not be revoked. Try again.")}</p>}
        </section>
      </DialogContent>
    </Dialog>
  );
}
