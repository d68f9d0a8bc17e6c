import {
  Building2Icon,
  ClipboardListIcon,
  HourglassIcon,
  InboxIcon,
  MessagesSquareIcon,
  ShieldCheckIcon,
  type LucideIcon,
} from "lucide-react";

const features: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: MessagesSquareIcon,
    title: "A chat that streams its work",
    body: "The agent answers in the browser and shows each step as it happens: its words, the tools it calls, what they returned. Reload and the stream picks up where it was.",
  },
  {
    icon: ShieldCheckIcon,
    title: "Approvals, inline",
    body: "Tools that act on the world ask first. Approve once, always for this input, or always for this tool; deny with a reason. The agent can never grant itself a permission.",
  },
  {
    icon: HourglassIcon,
    title: "Waits that survive anything",
    body: "A question waiting for an answer is stored, not held in memory. Reloads, restarts and another server taking the answer change nothing: the first answer wins.",
  },
  {
    icon: InboxIcon,
    title: "Inbox and webhooks",
    body: "When the agent needs another system it posts to your team's inbox. Resolve items in the app, through the API, or by a signed webhook round-trip, and the agent carries on.",
  },
  {
    icon: ClipboardListIcon,
    title: "Choices and forms",
    body: "Beyond yes or no, the agent can offer options or a form to fill, step by step. Every answer is validated and kept in a revision log.",
  },
  {
    icon: Building2Icon,
    title: "Made for teams",
    body: "Each organization is its own tenant: owners, admins and members, invite links, an audit log, and API keys with scopes. Nobody sees another team's data.",
  },
];

export function FeatureGrid() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 border-t bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <div className="mx-auto flex max-w-2xl flex-col gap-3 text-center">
          <h2 id="features-title" className="text-3xl font-semibold tracking-tight text-balance">
            An agent that knows when to hand off
          </h2>
          <p className="text-pretty text-muted-foreground">
            Handoff runs the agent on the server and keeps every pending question in the database, so people and systems can answer in their
            own time.
          </p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex flex-col gap-3 rounded-lg border bg-card p-5 text-card-foreground shadow-sm">
              <span aria-hidden className="flex size-9 items-center justify-center rounded-md bg-primary/10 text-primary">
                <Icon className="size-5" />
              </span>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
