"use client";

import { useDeferredValue, useMemo, useState } from "react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { EllipsisIcon, PlusIcon, SearchIcon, TextSearchIcon } from "lucide-react";
import { SearchShortcut } from "@/components/search/search-shortcut";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import { LoadError } from "@/components/ui/load-error";
import { lazyPopup } from "@/components/ui/lazy-popup";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { CONVERSATION_SEARCH_MAX } from "@/lib/client/limits";
import { useConversationList, useConversationMutations } from "@/lib/client/use-conversations";
import type { ConversationSummary } from "@/lib/schemas/conversation";
import { startNewChat } from "@/lib/client/new-chat-intent";
import { cn } from "@/lib/utils";
import type { ConversationRowActions } from "./conversation-actions";
import { failed } from "./failed-toast";
import { showDeletedToast } from "./undo-delete-toast";

// The actions menu and its rename and delete dialogs load on intent (see lazy-popup.tsx).
const ConversationActions = lazyPopup("menu", () => import("./conversation-actions"));

/** The conversation list in AppShell's sidebar: new, search, switch, rename, delete. */
export function ConversationSidebar({ orgSlug }: { orgSlug: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const list = useConversationList(orgSlug, q);
  const { rename, remove, restore } = useConversationMutations(orgSlug);
  const { mutateAsync: renameAsync } = rename;
  const { mutateAsync: removeAsync } = remove;
  const { mutateAsync: restoreAsync } = restore;
  // One set of mutations for every row's menu (the menus receive these once their code is loaded).
  const actions = useMemo<ConversationRowActions>(
    () => ({
      rename: async (id, title) => {
        await renameAsync({ id, title });
        toast.success("Conversation renamed.");
      },
      remove: async (id, current) => {
        try {
          await removeAsync(id);
          showDeletedToast(async () => {
            await restoreAsync(id);
            if (current) router.push(`/${orgSlug}/c/${id}`);
          });
          if (current) router.push(`/${orgSlug}`);
        } catch (error) {
          failed("delete the conversation")(error);
        }
      },
    }),
    [renameAsync, removeAsync, restoreAsync, router, orgSlug],
  );
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];

  // A new chat is the blank chat home: the conversation is created with its first message (chat-home.tsx), never empty.
  const home = `/${orgSlug}`;
  function startNew(event: React.MouseEvent) {
    const newTab = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (!newTab && pathname !== home) startNewChat(pathname);
  }

  return (
    <nav aria-label="Conversations" className="grid grid-cols-1 gap-2 pb-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Conversations</h2>
        <Button asChild size="sm" variant="ghost">
          <Link href={home} onClick={startNew}>
            <PlusIcon aria-hidden /> New chat
          </Link>
        </Button>
      </div>
      <div className="relative">
        <SearchIcon aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          maxLength={CONVERSATION_SEARCH_MAX}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search titles"
          aria-label="Search conversations"
          className="h-8 pl-8 text-xs"
        />
      </div>
      <Link
        href={`/${orgSlug}/search`}
        className="flex items-center gap-2 rounded-md px-2 py-1 text-xs text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <TextSearchIcon aria-hidden className="size-3.5" /> Search messages <Kbd className="ml-auto">Ctrl K</Kbd>
      </Link>
      <SearchShortcut orgSlug={orgSlug} />
      {list.isPending ? (
        <div className="grid gap-1.5" aria-label="Loading conversations">
          <Skeleton className="h-7" />
          <Skeleton className="h-7" />
        </div>
      ) : list.isError ? (
        <LoadError className="text-xs" message={list.error.message} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : conversations.length === 0 ? (
        <p className="px-1 text-xs text-muted-foreground">
          {q ? "No conversation has that in its title." : "No conversations yet. Start one with New chat."}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-0.5">
          {conversations.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              orgSlug={orgSlug}
              actions={actions}
              conversation={conversation}
              current={pathname === `/${orgSlug}/c/${conversation.id}`}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button size="sm" variant="ghost" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? "Loading…" : "Show older"}
        </Button>
      ) : null}
    </nav>
  );
}

function ConversationItem({
  orgSlug,
  actions,
  conversation,
  current,
}: {
  orgSlug: string;
  actions: ConversationRowActions;
  conversation: ConversationSummary;
  current: boolean;
}) {
  const waiting = conversation.pendingSlots > 0;
  return (
    <li className={cn("group flex items-center rounded-md hover:bg-accent", current && "bg-accent")}>
      <Link
        href={`/${orgSlug}/c/${conversation.id}`}
        aria-current={current ? "page" : undefined}
        className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="min-w-0 flex-1 truncate">{conversation.title}</span>
        {waiting ? (
          <span
            className="shrink-0 rounded-full bg-warning/15 px-1.5 text-[0.65rem] font-medium text-warning"
            title="Cards wait for an answer"
          >
            {conversation.pendingSlots}
            <span className="sr-only"> waiting {conversation.pendingSlots === 1 ? "card" : "cards"}</span>
          </span>
        ) : conversation.busy ? (
          <span className="size-1.5 shrink-0 rounded-full bg-primary" title="The agent is working">
            <span className="sr-only">The agent is working</span>
          </span>
        ) : null}
      </Link>
      {/* Its menu holds only rename and delete: none for a conversation you may not change (the server refuses them too). */}
      {conversation.canManage ? (
        <ConversationActions
          actions={actions}
          conversation={conversation}
          current={current}
          trigger={
            <Button
              variant="ghost"
              size="icon-sm"
              className="shrink-0 opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
              aria-label={`Actions for ${conversation.title}`}
            >
              <EllipsisIcon aria-hidden />
            </Button>
          }
        />
      ) : null}
    </li>
  );
}
