import { AgentMarkdown } from "@/components/chat/agent-markdown";
import type { SharedConversation, SharedEntry } from "@/lib/schemas/shares";
import { CopyConversationButton } from "./copy-conversation-button";
import { LiveRefresh } from "./live-refresh";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A card as a shared view draws it: its question and its answer, or that it waits; never buttons or inputs. */
function SharedCard({ entry }: { entry: Extract<SharedEntry, { kind: "card" }> }) {
  return (
    <section aria-label="Card" className="rounded-lg border bg-card p-4 text-sm">
      <p className="font-medium">{entry.question}</p>
      {entry.status === "waiting" ? (
        <p className="mt-2 text-muted-foreground">Waiting for an answer</p>
      ) : (
        <p className="mt-2">
          <span className="text-muted-foreground">{entry.status === "answered" ? "Answer: " : "Not answered: "}</span>
          {entry.answer}
        </p>
      )}
    </section>
  );
}

function Entry({ entry }: { entry: SharedEntry }) {
  if (entry.kind === "card") return <SharedCard entry={entry} />;
  if (entry.kind === "user")
    return <div className="ml-auto max-w-[85%] rounded-2xl bg-muted px-4 py-2 text-sm whitespace-pre-wrap break-words">{entry.text}</div>;
  return (
    <div className="max-w-full">
      <AgentMarkdown text={entry.text} streaming={false} />
      {entry.stopped && <p className="mt-1 text-xs text-muted-foreground">Stopped before the answer was complete.</p>}
    </div>
  );
}

/**
 * The read-only conversation a share link opens: the same markdown as the chat, cards as question
 * and answer, no composer and no card controls. Signed-in viewers may continue as their own copy.
 * A live link reads the conversation again every few seconds.
 */
export function SharedConversationView({ view, token }: { view: SharedConversation; token: string }) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col gap-6 px-4 py-8 focus-visible:outline-none">
      <header className="flex flex-col gap-3 border-b pb-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <p className="text-xs text-muted-foreground">
            {view.mode === "snapshot" ? "Shared snapshot" : "Shared conversation (live)"} · {dateFormat.format(new Date(view.sharedAt))} UTC
          </p>
          <h1 className="text-xl font-semibold tracking-tight">{view.title}</h1>
        </div>
        {view.canCopy ? (
          <CopyConversationButton token={token} />
        ) : (
          <p className="text-sm text-muted-foreground">Sign in to continue this conversation as your own copy.</p>
        )}
      </header>
      {view.earlierOmitted && <p className="text-sm text-muted-foreground">Earlier messages are not part of this view.</p>}
      <ol aria-label="Messages" className="flex flex-col gap-5">
        {view.entries.map((entry, index) => (
          <li key={index} className="flex flex-col">
            <Entry entry={entry} />
          </li>
        ))}
      </ol>
      {view.entries.length === 0 && <p className="text-muted-foreground">This conversation has no messages yet.</p>}
      {view.mode === "live" && <LiveRefresh />}
    </main>
  );
}
