"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { MessageSquareIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import type { AttachmentView } from "@/lib/schemas/attachments";
import { useAgentSettings } from "@/lib/client/use-agent-settings";
import { useConversationList, useConversationMutations } from "@/lib/client/use-conversations";
import { Composer } from "./composer";
import { EmptyChat } from "./empty-chat";
import { TemporaryToggle } from "./temporary-toggle";

/** The organization's home is the chat's front door: start a conversation, or go back to a recent one. */
export function ChatHome({ orgSlug, orgName }: { orgSlug: string; orgName: string }) {
  const router = useRouter();
  const { start: startMutation } = useConversationMutations(orgSlug);
  const recent = useConversationList(orgSlug, "");
  const settings = useAgentSettings(orgSlug);
  const conversations = recent.data?.pages[0]?.conversations.slice(0, 5) ?? [];
  const [temporary, setTemporary] = useState(false);
  // The first message, shown at once while the server creates the conversation with it.
  const [sent, setSent] = useState<string | null>(null);

  // One request creates the conversation with its message and starts the run; the chat page then
  // shows the run as it goes. No conversation exists before the first message, so none is left empty.
  // Files attached here are the person's pending files; the request that creates the chat adopts them.
  async function start(text: string, attachments: AttachmentView[] = []) {
    setSent(text);
    try {
      const created = await startMutation.mutateAsync({ text, attachmentIds: attachments.map((file) => file.id), temporary });
      router.replace(`/${orgSlug}/c/${created.id}`);
    } catch (error) {
      setSent(null);
      throw error;
    }
  }

  // The home stays mounted (hidden) while the chat starts: a refused message gives its words and files back to the composer.
  return (
    <>
      {sent !== null ? <StartingConversation text={sent} /> : null}
      <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-8" hidden={sent !== null}>
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight">{orgName}</h1>
            {settings.data?.usingDemoModel ? <Badge variant="secondary">Demo model</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">
            Talk to {settings.data?.name ?? "your team's agent"}. It asks for approval inline and waits for people and systems.
          </p>
        </div>
        <Composer draftScope={`new:${orgSlug}`} attachTo={{ orgSlug }} onSend={start} placeholder="What should the agent do?" />
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
    </>
  );
}

/** The new conversation as it starts: the person's message at once, the agent about to answer. */
function StartingConversation({ text }: { text: string }) {
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4 px-4 py-6" aria-busy="true" data-starting-conversation>
      <p className="ml-auto max-w-[85%] rounded-2xl bg-primary px-4 py-2 text-sm whitespace-pre-wrap break-words text-primary-foreground">
        {text}
      </p>
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label={null} /> Starting the conversation…
      </p>
    </div>
  );
}
