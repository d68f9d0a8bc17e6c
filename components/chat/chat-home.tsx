"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { MessageSquareIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { titleFromMessage } from "@/lib/client/conversation-title";
import { useAgentSettings } from "@/lib/client/use-agent-settings";
import { useConversationList, useConversationMutations } from "@/lib/client/use-conversations";
import { handOffFirstMessage } from "@/lib/client/use-draft";
import { Composer } from "./composer";
import { EmptyChat } from "./empty-chat";
import { TemporaryToggle } from "./temporary-toggle";

/** The organization's home is the chat's front door: start a conversation, or go back to a recent one. */
export function ChatHome({ orgSlug, orgName }: { orgSlug: string; orgName: string }) {
  const router = useRouter();
  const { create } = useConversationMutations(orgSlug);
  const recent = useConversationList(orgSlug, "");
  const settings = useAgentSettings(orgSlug);
  const conversations = recent.data?.pages[0]?.conversations.slice(0, 5) ?? [];
  const [temporary, setTemporary] = useState(false);

  async function start(text: string) {
    const created = await create.mutateAsync({ title: titleFromMessage(text), temporary });
    handOffFirstMessage(created.id, text);
    router.push(`/${orgSlug}/c/${created.id}`);
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{orgName}</h1>
          {settings.data?.usingDemoModel ? <Badge variant="secondary">Demo model</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">
          Talk to {settings.data?.name ?? "your team's agent"}. It asks for approval inline and waits for people and systems.
        </p>
      </div>
      <Composer draftScope={`new:${orgSlug}`} onSend={start} placeholder="What should the agent do?" />
      <TemporaryToggle checked={temporary} onChange={setTemporary} />
      {/* The suggestions depend on the model: drawn once the settings say which (without them, the general ones). */}
      {settings.isPending ? (
        <Skeleton className="mx-auto h-48 w-full max-w-xl" />
      ) : (
        <EmptyChat
          usingDemoModel={settings.data?.usingDemoModel ?? false}
          onPick={(text) =>
            start(text).catch((error) => toast.error(errorMessage(error, "The conversation could not be started. Try again.")))
          }
        />
      )}
      {conversations.length > 0 ? (
        <section aria-labelledby="recent-heading" className="grid gap-2">
          <h2 id="recent-heading" className="text-sm font-semibold">
            Recent conversations
          </h2>
          <ul className="grid grid-cols-1 gap-1">
            {conversations.map((conversation) => (
              <li key={conversation.id}>
                <Link
                  href={`/${orgSlug}/c/${conversation.id}`}
                  className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <MessageSquareIcon aria-hidden className="size-4 text-muted-foreground" />
                  <span className="min-w-0 flex-1 truncate">{conversation.title}</span>
                  <time className="text-xs text-muted-foreground" dateTime={conversation.lastActivityAt}>
                    {new Date(conversation.lastActivityAt).toLocaleString()}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
