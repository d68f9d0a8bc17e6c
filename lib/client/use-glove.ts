"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { InboxItem, QueuedMessage, SlotRecord, Task } from "@/lib/agent/store-adapter";
import type { AttachmentRef } from "@/lib/agent/messages";
import type { ConversationSnapshot, ConversationStats, RunView } from "@/lib/schemas/conversation";
import { ApiError } from "./api";
import { applyEvent, applyUnstoredVerdict, LOCAL_ID_PREFIX, upsertSlot, withOptimisticMessage, withStopRequested } from "./apply-event";
import { chatApi, chatKeys, slotFromConflict } from "./chat-api";
import { DEFAULT_TITLE, titleFromMessage } from "./conversation-title";
import type { ChatEvent } from "./chat-event";
import { allSlots, withEarlierPage, type ChatState } from "./chat-state";
import { rebaseOnSnapshot } from "./rebase";
import { tailEvents, type TailStatus } from "./sse-client";
import { visibleSlots } from "./slot-visibility";
import { createTimelineBuilder, type TimelineEntry } from "./timeline";
import { useBranchActions, type BranchActions } from "./use-branch-actions";

/** A card's answer functions, bound to its slot. */
export interface SlotRenderContext {
  slot: SlotRecord;
  resolve: (value: unknown) => Promise<void>;
  reject: (reason?: string) => Promise<void>;
}

/** How cards and tool results are drawn: the components layer passes its renderer registry in. */
export interface GloveRenderers {
  slot: (context: SlotRenderContext) => ReactNode;
  toolResult: (entry: Extract<TimelineEntry, { kind: "tool" }>) => ReactNode;
}

export interface UseGloveOptions {
  orgSlug: string;
  conversationId: string;
  renderers: GloveRenderers;
}

/** Glove's handle (`useGlove`), over the server's conversation. */
export interface GloveHandle {
  conversation: ConversationSnapshot["conversation"] | null;
  timeline: TimelineEntry[];
  streamingText: string;
  /** The model is working (a run is running; a run waiting on a card is not busy). */
  busy: boolean;
  /** A run can be stopped: it is running, or waiting on a card (Stop dismisses its cards). */
  stoppable: boolean;
  /** Cards to show, after the display strategies. */
  slots: SlotRecord[];
  tasks: Task[];
  inbox: InboxItem[];
  queued: QueuedMessage[];
  stats: ConversationStats | null;
  isCompacting: boolean;
  run: RunView | null;
  notice: string | null;
  usingDemoModel: boolean;
  /** The snapshot's titles of tools that have their own (connector tools), by tool name. */
  toolTitles: Readonly<Record<string, string>>;
  /** Loading the snapshot. */
  status: "loading" | "ready" | "error";
  error: Error | null;
  /** Loads the snapshot again (after a failed load). */
  reload: () => Promise<unknown>;
  connection: TailStatus;
  /** Why the event stream stopped for good (signed out, no access, gone): the page needs a sign-in or a reload. */
  connectionError: ApiError | null;
  /** `attachments`: files uploaded to this conversation first (lib/client/attachments-api.ts). */
  sendMessage: (text: string, attachments?: AttachmentRef[]) => Promise<void>;
  abort: () => Promise<void>;
  retry: () => Promise<void>;
  /** Whether older messages exist than those loaded, and how to load the previous page. */
  hasEarlier: boolean;
  loadEarlier: () => Promise<void>;
  resolveSlot: (slotId: string, value: unknown) => Promise<void>;
  rejectSlot: (slotId: string, reason?: string) => Promise<void>;
  renderSlot: (slot: SlotRecord) => ReactNode;
  renderToolResult: (entry: Extract<TimelineEntry, { kind: "tool" }>) => ReactNode;
  switchConversation: (conversationId: string) => void;
  /** The loaded messages that have other versions ("‹ 2 / 3 ›"). */
  versions: NonNullable<ConversationSnapshot["branches"]>;
  /** Edit, regenerate, switch versions, branch into a new conversation. */
  branches: BranchActions;
}

/** Events kept to rebase a refetched snapshot on; more than one long run needs. */
const HELD_EVENTS_MAX = 5000;
const RUN_ENDINGS = new Set<ChatEvent["type"]>(["run_suspended", "run_completed", "run_failed", "run_aborted"]);

type SlotAnswers = Pick<GloveHandle, "resolveSlot" | "rejectSlot">;

/** Each card's context, made once per slot object (and answer functions), so a memoized card can skip renders. */
function slotContextCache(): (slot: SlotRecord, answers: SlotAnswers) => SlotRenderContext {
  const made = new WeakMap<SlotRecord, { answers: SlotAnswers; context: SlotRenderContext }>();
  return (slot, answers) => {
    const kept = made.get(slot);
    if (kept && kept.answers.resolveSlot === answers.resolveSlot && kept.answers.rejectSlot === answers.rejectSlot) return kept.context;
    const context: SlotRenderContext = {
      slot,
      resolve: (value) => answers.resolveSlot(slot.id, value),
      reject: (reason) => answers.rejectSlot(slot.id, reason),
    };
    made.set(slot, { answers, context });
    return context;
  };
}

/**
 * The chat of one conversation. The snapshot is a react-query query whose cached value is the
 * `ChatState`; every event, from the stream a POST answered with or from the GET /events tail
 * every open tab keeps, goes through `applyEvent` into that cache (duplicates drop out by seq).
 * When a run ends the snapshot is fetched again, so the cache converges on what the server stored.
 */
export function useGlove({ orgSlug, conversationId, renderers }: UseGloveOptions): GloveHandle {
  const queryClient = useQueryClient();
  const router = useRouter();
  const key = useMemo(() => chatKeys.conversation(conversationId), [conversationId]);
  const held = useRef<ChatEvent[]>([]);
  /** The highest seq among `held`: lets the catch-up effect below skip its scan on almost every change. */
  const heldUpTo = useRef(0);
  const followUp = useRef(false);
  const [connection, setConnection] = useState<{ status: TailStatus; error: ApiError | null }>({ status: "connecting", error: null });

  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const snapshot = await chatApi.snapshot(conversationId, signal);
      const previous = queryClient.getQueryData<ChatState>(key);
      const unsent = previous?.messages.filter((m) => m.id?.startsWith(LOCAL_ID_PREFIX)) ?? [];
      return rebaseOnSnapshot(snapshot, held.current, unsent, previous);
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 3,
  });
  const state = query.data;
  const { refetch: refetchSnapshot } = query;
  const reload = useCallback(() => refetchSnapshot(), [refetchSnapshot]);

  useEffect(() => {
    held.current = [];
    heldUpTo.current = 0;
    followUp.current = false;
  }, [conversationId]);

  const refetch = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(orgSlug) });
  }, [queryClient, key, orgSlug]);

  const receive = useCallback(
    (event: ChatEvent) => {
      if (event.unstored) {
        const current = queryClient.getQueryData<ChatState>(key);
        if (current) queryClient.setQueryData<ChatState>(key, applyUnstoredVerdict(current, event));
        return;
      }
      held.current.push(event);
      if (event.seq > heldUpTo.current) heldUpTo.current = event.seq;
      if (held.current.length > HELD_EVENTS_MAX) held.current.splice(0, held.current.length - HELD_EVENTS_MAX);
      const before = queryClient.getQueryData<ChatState>(key);
      if (!before || event.seq <= before.lastEventSeq) return;
      queryClient.setQueryData<ChatState>(key, applyEvent(before, event));
      if (event.type === "run_started") {
        // Another tab's message: it is stored by the time the model answers, so fetch it then.
        followUp.current = event.kind === "request" && !before.messages.some((m) => m.id?.startsWith(LOCAL_ID_PREFIX));
      } else if (RUN_ENDINGS.has(event.type)) {
        followUp.current = false;
        refetch();
      } else if (
        followUp.current &&
        (event.type === "text_delta" || event.type === "tool_use" || event.type === "model_response_complete")
      ) {
        followUp.current = false;
        refetch();
      }
    },
    [queryClient, key, refetch],
  );

  // An event can land between a refetch's rebase and the cache write; apply what the cache missed.
  useEffect(() => {
    if (!state || heldUpTo.current <= state.lastEventSeq) return;
    const missed = held.current.filter((event) => event.seq > state.lastEventSeq);
    if (missed.length > 0) queryClient.setQueryData<ChatState>(key, missed.reduce(applyEvent, state));
  }, [state, queryClient, key]);

  const ready = query.isSuccess;
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    void tailEvents({
      url: chatApi.eventsPath(conversationId),
      lastEventId: () => queryClient.getQueryData<ChatState>(key)?.lastEventSeq ?? 0,
      onEvent: receive,
      // A tail this effect stopped (conversation switched, unmounted) reports "stopped" too: not news.
      onStatus: (status, reason) => {
        if (controller.signal.aborted) return;
        const error = reason ?? null;
        setConnection((current) => (current.status === status && current.error === error ? current : { status, error }));
      },
      signal: controller.signal,
    });
    return () => controller.abort();
  }, [ready, conversationId, queryClient, key, receive]);

  const update = useCallback(
    (change: (state: ChatState) => ChatState) => {
      const current = queryClient.getQueryData<ChatState>(key);
      if (current) queryClient.setQueryData<ChatState>(key, change(current));
    },
    [queryClient, key],
  );

  // An untitled conversation is named after its first message; a failure only leaves the default title.
  const nameAfter = useCallback(
    (text: string) => {
      const title = titleFromMessage(text);
      update((current) => ({ ...current, conversation: { ...current.conversation, title } }));
      chatApi.renameConversation(conversationId, title).then(
        () => queryClient.invalidateQueries({ queryKey: chatKeys.conversations(orgSlug) }),
        () => undefined,
      );
    },
    [conversationId, orgSlug, queryClient, update],
  );

  const sendMessage = useCallback(
    async (text: string, attachments: AttachmentRef[] = []) => {
      const localId = crypto.randomUUID();
      const before = queryClient.getQueryData<ChatState>(key);
      update((current) => withOptimisticMessage(current, localId, text, attachments));
      if (before && before.messages.length === 0 && before.conversation.title === DEFAULT_TITLE) nameAfter(text);
      try {
        await chatApi.sendMessage(
          conversationId,
          text,
          receive,
          attachments.map((attachment) => attachment.id),
        );
      } catch (error) {
        update((current) => ({ ...current, messages: current.messages.filter((m) => m.id !== `${LOCAL_ID_PREFIX}${localId}`) }));
        throw error;
      }
    },
    [conversationId, receive, update, queryClient, key, nameAfter],
  );

  const settle = useCallback(
    async (slotId: string, answer: () => Promise<{ slot?: SlotRecord } | null>) => {
      try {
        const response = await answer();
        if (response?.slot) update((current) => ({ ...current, slots: upsertSlot(current.slots, response.slot!) }));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        // Someone else answered first: show their answer, in the card and in the error.
        const theirs =
          slotFromConflict(error.details) ?? (await chatApi.snapshot(conversationId).catch(() => null))?.slots.find((s) => s.id === slotId);
        if (!theirs) throw error;
        update((current) => ({ ...current, slots: upsertSlot(current.slots, theirs) }));
        throw new ApiError(409, error.code, error.message, error.issues, { slot: theirs });
      }
    },
    [update, conversationId],
  );
  const resolveSlot = useCallback(
    (slotId: string, value: unknown) => settle(slotId, () => chatApi.resolveSlot(slotId, value, receive)),
    [settle, receive],
  );
  const rejectSlot = useCallback(
    (slotId: string, reason?: string) => settle(slotId, () => chatApi.rejectSlot(slotId, reason, receive)),
    [settle, receive],
  );

  const loadEarlier = useCallback(async () => {
    const cursor = queryClient.getQueryData<ChatState>(key)?.earlierCursor;
    if (!cursor) return;
    const page = await chatApi.snapshot(conversationId, undefined, cursor);
    update((current) => (current.earlierCursor === cursor ? withEarlierPage(current, page) : current));
  }, [conversationId, queryClient, key, update]);

  // The text freezes at the click and the server keeps that much; its stop lands a moment later (apply-event.ts).
  const abort = useCallback(async () => {
    const shown = queryClient.getQueryData<ChatState>(key)?.streamingText.length;
    update(withStopRequested);
    await chatApi.abort(conversationId, shown);
  }, [conversationId, queryClient, key, update]);
  const retry = useCallback(async () => {
    await chatApi.retry(conversationId, receive);
  }, [conversationId, receive]);

  const switchConversation = useCallback((id: string) => router.push(`/${orgSlug}/c/${id}`), [orgSlug, router]);
  const openBranched = useCallback(
    (id: string) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(orgSlug) });
      router.push(`/${orgSlug}/c/${id}`);
    },
    [orgSlug, queryClient, router],
  );
  const branches = useBranchActions({ conversationId, queryClient, key, receive, update, open: openBranched });

  // Every text delta makes a new state; the builder keeps the other rows (same objects), so the
  // memoized row components draw only the streaming row again.
  const [timelineOf] = useState(createTimelineBuilder);
  const timeline = useMemo(() => (state ? timelineOf(state) : []), [state, timelineOf]);
  const slots = useMemo(() => {
    if (!state) return [];
    const completed = new Set(
      timeline.flatMap((entry) => (entry.kind === "tool" && (entry.status === "done" || entry.status === "error") ? [entry.call.id] : [])),
    );
    return visibleSlots(allSlots(state), completed);
  }, [state, timeline]);

  // One context per card object, so a card (memoized) draws again only when its slot changed.
  const [contextOf] = useState(slotContextCache);
  const renderSlot = useCallback(
    (slot: SlotRecord) => renderers.slot(contextOf(slot, { resolveSlot, rejectSlot })),
    [renderers, contextOf, resolveSlot, rejectSlot],
  );

  return {
    conversation: state?.conversation ?? null,
    timeline,
    streamingText: state?.streamingText ?? "",
    busy: state?.run?.status === "running",
    stoppable: state?.run?.status === "running" || state?.run?.status === "suspended",
    slots,
    tasks: state?.tasks ?? [],
    inbox: state?.inbox ?? [],
    queued: state?.queued ?? [],
    stats: state?.stats ?? null,
    isCompacting: state?.isCompacting ?? false,
    run: state?.run ?? null,
    notice: state?.notice ?? null,
    usingDemoModel: state?.usingDemoModel ?? false,
    toolTitles: state?.toolTitles ?? NO_TITLES,
    status: query.isPending ? "loading" : query.isError ? "error" : "ready",
    error: query.error,
    reload,
    connection: connection.status,
    connectionError: connection.status === "stopped" ? connection.error : null,
    sendMessage,
    abort,
    retry,
    hasEarlier: Boolean(state?.earlierCursor),
    loadEarlier,
    resolveSlot,
    rejectSlot,
    renderSlot,
    renderToolResult: renderers.toolResult,
    switchConversation,
    versions: state?.branches ?? NO_VERSIONS,
    branches,
  };
}

const NO_VERSIONS: NonNullable<ConversationSnapshot["branches"]> = [];
const NO_TITLES: Readonly<Record<string, string>> = {};
