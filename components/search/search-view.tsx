"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { SearchIcon, SearchXIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { MESSAGE_SEARCH_MAX } from "@/lib/client/limits";
import { messageHref } from "@/lib/client/message-anchor";
import type { SearchHit } from "@/lib/schemas/search";
import { Snippet } from "./snippet";
import { useMessageSearch } from "./use-search";

/** Typing settles this long before the URL (and so the query) changes: one request per pause, not per key. */
const TYPING_PAUSE_MS = 250;

/** The search page: the query lives in the URL (`?q=`), so a search can be reloaded, shared and gone back to. */
export function SearchView({ orgSlug }: { orgSlug: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const q = (params.get("q") ?? "").trim().slice(0, MESSAGE_SEARCH_MAX);
  const [draft, setDraft] = useState(params.get("q") ?? "");
  // Back and forward change the URL under the input: the input follows (our own replace already matches).
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== draft.trim()) setDraft(q);
  }
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const search = useMessageSearch(orgSlug, q);
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];

  useEffect(() => {
    if (draft.trim() === q) return;
    const timer = setTimeout(() => {
      const next = draft.trim();
      router.replace(next ? `${pathname}?${new URLSearchParams({ q: next })}` : pathname, { scroll: false });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, q, pathname, router]);

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>("a[data-result]") ?? []);
  const focusResult = (index: number) => {
    const all = links();
    all[Math.max(0, Math.min(index, all.length - 1))]?.focus();
  };
  function onInputKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && results.length > 0) {
      event.preventDefault();
      focusResult(0);
    }
  }
  function onListKey(event: KeyboardEvent<HTMLOListElement>) {
    const current = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (current < 0) return;
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusResult(current + 1),
      ArrowUp: () => (current === 0 ? inputRef.current?.focus() : focusResult(current - 1)),
      Home: () => focusResult(0),
      End: () => focusResult(Number.MAX_SAFE_INTEGER),
      Escape: () => inputRef.current?.focus(),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Search</h1>
        <p className="text-sm text-muted-foreground">
          Messages, tool inputs and results, and card answers in this team&apos;s conversations. Use quotes for a phrase and a minus to
          leave a word out. <Kbd>↓</Kbd> <Kbd>↑</Kbd> move through the results, <Kbd>Enter</Kbd> opens one.
        </p>
      </header>
      <form role="search" onSubmit={(event) => event.preventDefault()} className="relative">
        <SearchIcon aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          ref={inputRef}
          type="search"
          autoFocus
          maxLength={MESSAGE_SEARCH_MAX}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onInputKey}
          placeholder="Search messages"
          aria-label="Search messages"
          className="pl-9"
        />
      </form>
      <p role="status" aria-live="polite" className="sr-only">
        {q && search.isSuccess ? `${results.length}${search.hasNextPage ? " or more" : ""} results` : ""}
      </p>
      {!q ? (
        <p className="text-sm text-muted-foreground">Type a word or two to find the message where it was said.</p>
      ) : search.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Searching">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : search.isError ? (
        <LoadError message={search.error.message} onRetry={() => search.refetch()} retrying={search.isFetching} />
      ) : results.length === 0 ? (
        <EmptyState
          icon={<SearchXIcon />}
          title="No messages match"
          description="Try other words, fewer words, or another form of the word. Only this team's conversations are searched."
        />
      ) : (
        <>
          <ol ref={listRef} aria-label="Search results" className="grid gap-2" onKeyDown={onListKey}>
            {results.map((hit) => (
              <li key={`${hit.conversationId}:${hit.anchor}`}>
                <SearchResult orgSlug={orgSlug} hit={hit} />
              </li>
            ))}
          </ol>
          {search.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => search.fetchNextPage()}
              disabled={search.isFetchingNextPage}
            >
              {search.isFetchingNextPage ? "Loading…" : "More results"}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function SearchResult({ orgSlug, hit }: { orgSlug: string; hit: SearchHit }) {
  return (
    <Link
      data-result
      href={messageHref(orgSlug, hit.conversationId, hit.anchor)}
      className="grid gap-1 rounded-lg border px-4 py-3 outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex items-baseline justify-between gap-3">
        <span className="truncate font-medium">{hit.conversationTitle}</span>
        {hit.at ? (
          <time dateTime={hit.at} className="shrink-0 text-xs text-muted-foreground">
            {timeFormat.format(new Date(hit.at))}
          </time>
        ) : null}
      </span>
      <span className="text-xs text-muted-foreground">{hit.sender === "agent" ? "Agent" : "A person"}</span>
      <Snippet parts={hit.snippet} />
    </Link>
  );
}
