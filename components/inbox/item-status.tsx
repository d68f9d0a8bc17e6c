import { Badge } from "@/components/ui/badge";

type Status = "pending" | "resolved" | "consumed" | "expired" | "cancelled";

const STATUS: Record<Status, { label: string; variant: "warning" | "success" | "outline" | "destructive" | "secondary" }> = {
  pending: { label: "Waiting", variant: "warning" },
  resolved: { label: "Answered", variant: "success" },
  // Consumed: answered, and the agent has read the answer.
  consumed: { label: "Answered", variant: "success" },
  expired: { label: "Expired", variant: "outline" },
  cancelled: { label: "Cancelled", variant: "destructive" },
};

export function InboxStatusBadge({ status }: { status: string }) {
  const shown = STATUS[status as Status] ?? { label: status, variant: "outline" as const };
  return <Badge variant={shown.variant}>{shown.label}</Badge>;
}

const KIND: Record<string, string> = {
  agent: "The agent",
  member: "Member",
  api_key: "API key",
  inbound_webhook: "Inbound webhook",
  capability_link: "Capability link",
  system: "Handoff",
};

/** Who settled an item, as a person reads it: "Ada Lovelace", "API key “billing”", "Capability link". */
export function resolverLabel(resolver: { kind: string; name: string | null } | null | undefined): string | null {
  if (!resolver) return null;
  if (resolver.kind === "member") return resolver.name ?? KIND.member;
  const kind = KIND[resolver.kind] ?? resolver.kind;
  return resolver.name ? `${kind} “${resolver.name}”` : kind;
}

/** An answer as text: a string as it is, anything else as JSON. */
export const answerText = (response: unknown) => (typeof response === "string" ? response : JSON.stringify(response));
