"use client";

import { useCallback, useState } from "react";
import Link from "next/link";
import { CloudOffIcon, KeyboardIcon, RotateCcwIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { ApiError, errorMessage } from "@/lib/client/api";
import type { RenderStrategy } from "@/lib/client/place-slots";
import type { TimelineEntry } from "@/lib/client/timeline";
import { useGlove } from "@/lib/client/use-glove";
import { LiveRegion, useCardAnnouncements } from "./card-announcer";
import { useChatRenderers } from "./chat-renderers";
import { Composer } from "./composer";
import { EmptyChat } from "./empty-chat";
import { Render } from "./render";
import { InboxPanel } from "./inbox-panel";
import { LoadEarlierButton } from "./load-earlier-button";
import { stoppedAnswer } from "@/lib/client/stopped-answer";
import { FailedRunBanner, QueuedMessages, RunNotices, StoppedAnswerActions, StreamStoppedBanner, WaitingOnCardNote } from "./run-banners";
import { ShortcutsSheetOnDemand } from "./shortcuts-sheet-on-demand";
import { SkipToLatest } from "./skip-to-latest";
import { TaskList } from "./task-list";
import { TimelineEntryView } from "./timeline-entry";
import { BranchProvider } from "./branch-context";
import { ToolTitlesProvider } from "./tool-titles";
import { storedMessageId } from "./message-actions";
import { useCardFocus } from "./use-card-focus";
import { useChatShortcuts } from "./use-chat-shortcuts";
import { ConversationDetails } from "./conversation-details";
import { ModelPicker } from "./model-picker";
import { useStickToBottom } from "./use-stick-to-bottom";

export interface ChatViewProps {
  orgSlug: string;
  conversationId: string;
  /** Owners and admins may edit permission inputs and answer unknown cards. */
  canAdmin: boolean;
  /** The organization's name, for the cards that say whom a grant covers. */
  teamName: string;
  strategy?: RenderStrategy;
}

/** The chat page: the conversation with its cards, the run's state, and the composer. */
export function ChatView({ orgSlug, conversationId, canAdmin, teamName, strategy = "interleaved" }: ChatViewProps) {
  const renderers = useChatRenderers(conversationId, canAdmin, teamName);
  const glove = useGlove({ orgSlug, conversationId, renderers });
  const { scrollRef, contentRef } = useStickToBottom<HTMLDivElement, HTMLDivElement>();
  const { sendMessage, renderToolResult } = glove;
  // Stable, so the memoized rows skip the renders a text delta causes.
  const renderEntry = useCallback(
    (entry: TimelineEntry) => <TimelineEntryView entry={entry} renderToolResult={renderToolResult} />,
    [renderToolResult],
  );

  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const { text: announcement, announce } = useCardAnnouncements(glove.slots);
  useChatShortcuts({
    orgSlug,
    stoppable: glove.stoppable,
    onStop: () => void glove.abort().catch((error) => toast.error(errorMessage(error, "The run could not be stopped. Try again."))),
    onShowShortcuts: () => setShortcutsOpen(true),
    announce,
  });
  useCardFocus({ ready: glove.status === "ready", conversationId, slots: glove.slots });

  if (glove.status === "error") {
    const gone = glove.error instanceof ApiError && glove.error.status === 404;
    return (
      <div className="p-6">
        <EmptyState
          icon={<CloudOffIcon />}
          title={gone ? "This conversation does not exist" : "The conversation could not be loaded"}
          description={
            gone
              ? "It may have been deleted. Start a new one or pick another from the list."
              : `${glove.error?.message ?? ""} Try again, or go back to the chat home.`
          }
          action={
            <div className="flex flex-wrap justify-center gap-2">
              {gone ? null : (
                <Button variant="outline" onClick={() => void glove.reload()}>
                  <RotateCcwIcon aria-hidden /> Try again
                </Button>
              )}
              <Button asChild>
                <Link href={`/${orgSlug}`}>Go to the chat home</Link>
              </Button>
            </div>
          }
        />
      </div>
    );
  }

  const empty = glove.status === "ready" && glove.timeline.length === 0 && glove.slots.length === 0;
  const failed = glove.run?.status === "failed" ? glove.run : null;
  const waitingOnCard = glove.run?.status === "suspended";
  const stopped = glove.stoppable ? undefined : stoppedAnswer(glove.timeline);
  const stoppedId = stopped && storedMessageId(stopped.answerKey);
  const regenerateStopped = stoppedId ? () => glove.branches.regenerate(stoppedId) : undefined;

  return (
    <div className="flex h-full min-h-0 flex-col">
      {/* data-chat-header: on small screens the shell's top bar folds into this one (app-shell.tsx), so there is one header row. */}
      <header data-chat-header className="flex shrink-0 items-center gap-2 border-b px-4 py-2 max-md:min-h-14 max-md:pl-14">
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold">{glove.conversation?.title ?? "Conversation"}</h1>
        {glove.usingDemoModel ? (
          <Badge variant="secondary" title="An admin has not set up a model yet: the offline demo model answers.">
            Demo model
          </Badge>
        ) : null}
        {glove.connection === "reconnecting" ? <Badge variant="warning">Reconnecting…</Badge> : null}
        <Button
          variant="ghost"
          size="icon"
          className="hidden md:inline-flex"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          onClick={() => setShortcutsOpen(true)}
        >
          <KeyboardIcon aria-hidden />
        </Button>
        <ModelPicker conversationId={conversationId} />
        <ConversationDetails conversationId={conversationId} stats={glove.stats} usingDemoModel={glove.usingDemoModel} />
      </header>
      <LiveRegion text={announcement} />
      <ShortcutsSheetOnDemand open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      {glove.connection === "stopped" ? (
        <div className="mx-auto w-full max-w-3xl shrink-0 px-4 pt-3">
          <StreamStoppedBanner error={glove.connectionError} callbackUrl={`/${orgSlug}/c/${conversationId}`} />
        </div>
      ) : null}

      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto">
        <div ref={contentRef} className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4 px-4 py-6">
          <SkipToLatest />
          <TaskList tasks={glove.tasks} />
          <InboxPanel orgSlug={orgSlug} items={glove.inbox} />
          {glove.hasEarlier ? <LoadEarlierButton onLoad={glove.loadEarlier} /> : null}
          {glove.status === "loading" ? (
            <div className="grid gap-3" aria-busy="true" aria-label="Loading the conversation">
              <Skeleton className="ml-auto h-9 w-1/2" />
              <Skeleton className="h-16 w-3/4" />
            </div>
          ) : empty ? (
            <EmptyChat
              usingDemoModel={glove.usingDemoModel}
              onPick={(text) =>
                void sendMessage(text).catch((error) => toast.error(errorMessage(error, "Your message was not sent. Try again.")))
              }
            />
          ) : (
            <BranchProvider versions={glove.versions} actions={glove.branches} idle={!glove.stoppable}>
              <ToolTitlesProvider value={glove.toolTitles}>
                <div role="log" aria-label="Conversation" aria-busy={glove.busy} className="grid grid-cols-1 gap-4">
                  <Render
                    glove={glove}
                    strategy={strategy}
                    renderEntry={renderEntry}
                    renderSlotFrame={(_slot, card) => <div className="pl-10">{card}</div>}
                  />
                </div>
              </ToolTitlesProvider>
            </BranchProvider>
          )}
          {failed ? <FailedRunBanner run={failed} onRetry={glove.retry} canAdmin={canAdmin} orgSlug={orgSlug} /> : null}
          {stopped ? <StoppedAnswerActions onContinue={() => sendMessage("Continue")} onRegenerate={regenerateStopped} /> : null}
        </div>
      </div>

      <div className="mx-auto grid w-full max-w-3xl shrink-0 gap-2 px-4 pt-2 pb-4">
        <RunNotices isCompacting={glove.isCompacting} notice={glove.notice} />
        <QueuedMessages queued={glove.queued} />
        {waitingOnCard ? <WaitingOnCardNote /> : null}
        <Composer
          draftScope={conversationId}
          attachTo={{ conversationId }}
          onSend={sendMessage}
          busy={glove.busy}
          stoppable={glove.stoppable}
          onStop={glove.abort}
          disabled={glove.status !== "ready"}
        />
      </div>
    </div>
  );
}
