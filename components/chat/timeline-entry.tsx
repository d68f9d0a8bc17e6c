"use client";

import { memo, type ReactNode } from "react";
import { BotIcon, InboxIcon, ScrollTextIcon, SparklesIcon } from "lucide-react";
import type { TimelineEntry } from "@/lib/client/timeline";
import { messageAnchorId } from "@/lib/client/message-anchor";
import { cn } from "@/lib/utils";
import { AgentMarkdown } from "./agent-markdown";
import { AnsweredBy } from "./answered-by";
import { AttachmentChips } from "./attachment-chips";
import { StoppedMark } from "./run-banners";

import { BranchSwitcher } from "./branch-switcher";
import { MessageActions, storedMessageId } from "./message-actions";
import { MessageEditor } from "./message-editor";
import { ToolCallRow } from "./tool-call-row";

/**
 * One row of the conversation. Memoized: the timeline keeps a row's object while it draws the
 * same, so while text streams only the streaming row renders again (the tool rows' JSON and the
 * markdown of earlier answers are not redone per delta). `renderToolResult` must be stable.
 */
export const TimelineEntryView = memo(function TimelineEntryView({
  entry,
  renderToolResult,
}: {
  entry: TimelineEntry;
  renderToolResult: (entry: Extract<TimelineEntry, { kind: "tool" }>) => ReactNode;
}) {
  switch (entry.kind) {
    case "user":
      return (
        <div className="group flex flex-col items-end" data-message="user" id={messageAnchorId(entry.key)}>
          <MessageEditor messageId={storedMessageId(entry.key)} text={entry.message.pre_modified_text ?? entry.message.text}>
            <AttachmentChips attachments={entry.message.attachments} />
            <div
              className={cn(
                "max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-sm whitespace-pre-wrap break-words text-primary-foreground",
                entry.pending && "opacity-80",
              )}
            >
              <span className="sr-only">You: </span>
              {entry.message.pre_modified_text ?? entry.message.text}
            </div>
            <BranchSwitcher messageId={storedMessageId(entry.key)} align="end" />
            {entry.pending ? null : (
              <MessageActions
                text={entry.message.pre_modified_text ?? entry.message.text}
                messageId={storedMessageId(entry.key)}
                sender="user"
                align="end"
              />
            )}
          </MessageEditor>
        </div>
      );
    case "agent":
      return (
        <div
          className="group flex gap-3"
          id={messageAnchorId(entry.key)}
          data-message="agent"
          data-streaming={entry.streaming || undefined}
        >
          <div aria-hidden className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <BotIcon className="size-4" />
          </div>
          <div className="min-w-0 flex-1">
            <span className="sr-only">Agent: </span>
            <AgentMarkdown text={entry.text} streaming={entry.streaming} />
            {entry.stopped ? <StoppedMark /> : null}
            {entry.answeredBy ? <AnsweredBy answeredBy={entry.answeredBy} /> : null}
            <BranchSwitcher messageId={storedMessageId(entry.key)} />
            {entry.streaming ? null : <MessageActions text={entry.text} messageId={storedMessageId(entry.key)} />}
          </div>
        </div>
      );
    case "tool":
      return (
        <div className="pl-10" id={messageAnchorId(entry.key)}>
          <ToolCallRow entry={entry} resultView={renderToolResult(entry)} />
        </div>
      );
    case "injected":
      return (
        <section
          className="rounded-md border border-dashed bg-muted/40 px-3 py-2 text-xs"
          data-message="injected"
          data-source={entry.source}
          aria-label={entry.label}
        >
          <p className="flex items-center gap-1.5 font-medium text-muted-foreground">
            {entry.source === "skill" ? <SparklesIcon aria-hidden className="size-3.5" /> : <InboxIcon aria-hidden className="size-3.5" />}
            {entry.label}
            <span className="font-normal">{entry.source === "skill" ? "· added to your message" : "· from outside this conversation"}</span>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-muted-foreground">{entry.text}</p>
        </section>
      );
    case "compaction":
      return (
        <details className="rounded-md border border-dashed px-3 py-2 text-xs text-muted-foreground">
          <summary className="flex cursor-pointer items-center gap-1.5">
            <ScrollTextIcon aria-hidden className="size-3.5" /> Earlier messages were summarized to make room. Show the summary
          </summary>
          <p className="mt-2 whitespace-pre-wrap">{entry.text}</p>
        </details>
      );
  }
});
