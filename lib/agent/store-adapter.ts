import type { Message, ToolResultPayload } from "./messages";
import type { TokenUsage } from "./model-adapter";

/**
 * Everything the runtime persists goes through this interface. One instance is scoped to
 * one conversation (the Postgres implementation also to one tenant). Methods are Glove's
 * where Glove has them; the rest is what durable waits need. Every method's contract is
 * exercised by `tests/contract/store-contract.ts`; run it against any new implementation.
 *
 * General rules for implementations:
 * - values go in and come out by value: mutating what you passed or got back changes nothing stored;
 * - lists come back in insertion order unless a method says otherwise;
 * - "conditional" methods must be atomic against concurrent callers (one SQL statement with a
 *   `WHERE status = ...`, or a transaction), because several server instances share one store.
 */
export interface StoreAdapter {
  /** Stable name of this store (e.g. the conversation id), used in logs. */
  readonly identifier: string;

  // ── Messages (append-only, a tree) ──────────────────────────────────────
  // Every message has a parent (the first of a branch none); one path, from the first message to
  // the active leaf, is the history. Editing or regenerating starts a sibling branch; nothing is deleted.
  /** The active path, oldest first, compaction summaries included (a summary stays on the path it was made on). */
  getMessages(): Promise<Message[]>;
  /**
   * Appends in order, each as the child of the active leaf, which it then becomes. A message whose
   * `id` is already stored is skipped (the leaf stays), which makes replays after a crash harmless.
   * Messages without an `id` are always appended.
   */
  appendMessages(messages: Message[]): Promise<void>;
  /**
   * Conditional, like `createRun`: only while no run is active, makes the path through `messageId`
   * the active one, down to its newest descendant (at each fork the newest child).
   */
  switchBranch(messageId: string): Promise<"switched" | "busy" | "not_found">;
  /** The messages of the active path that have siblings: each with its siblings' ids (itself included), oldest first. */
  getBranchPoints(): Promise<BranchPoint[]>;
  /**
   * The result of a finished, successful call of this tool with this input (`permissionInputKey`)
   * in a message off the active path (an abandoned branch) that descends from the message `under`
   * (a message id; null: from any root), so a regenerated reply reuses it instead of running the
   * tool again. Null when there is none.
   */
  findOffPathToolResult(toolName: string, inputKey: string, under: string | null): Promise<ToolResultPayload | null>;

  // ── Counters (Glove) ────────────────────────────────────────────────────
  /** Sum of `tokens_in + tokens_out` added since the last reset. */
  getTokenCount(): Promise<number>;
  addTokens(usage: TokenUsage): Promise<void>;
  getTurnCount(): Promise<number>;
  incrementTurn(): Promise<void>;
  /** Zeroes tokens and turns; never touches messages or anything else. */
  resetCounters(): Promise<void>;

  // ── Tasks (Glove) ───────────────────────────────────────────────────────
  getTasks(): Promise<Task[]>;
  /** Replaces the whole task list (Glove's semantics: the task tool always sends the full list). */
  addTasks(tasks: Task[]): Promise<void>;
  /** Patches one task; an unknown id is a no-op. */
  updateTask(taskId: string, updates: Partial<Pick<Task, "status" | "content" | "activeForm">>): Promise<void>;

  // ── Permissions (tenant-wide: sub-stores see and write the same records) ──
  /**
   * The record for exactly this scope: `inputKey` null is the tool-wide scope, `userId` null the
   * organization-wide one (the default; a user id: the record covering only that person). No fallback between scopes.
   */
  getPermission(toolName: string, inputKey: string | null, userId?: string | null): Promise<PermissionRecord | null>;
  /** Upsert by (tool_name, input_key, user_id). */
  setPermission(record: PermissionRecord): Promise<void>;
  /** The request filed from this card by `settleSlot` (a `request_organization` answer), if any. */
  getPermissionRequest(slotId: string): Promise<StoredPermissionRequest | null>;

  // ── Inbox (Glove) ───────────────────────────────────────────────────────
  /** Every item, any status, oldest first. */
  getInboxItems(): Promise<InboxItem[]>;
  addInboxItem(item: InboxItem): Promise<void>;
  /**
   * Patches one item. With `expectedStatus`, only if the item currently has that status
   * (first answer wins). Returns whether the item was changed; unknown id → false.
   */
  updateInboxItem(
    itemId: string,
    updates: Partial<Pick<InboxItem, "status" | "response" | "resolved_at" | "resolved_by">>,
    expectedStatus?: InboxItemStatus,
  ): Promise<boolean>;
  /** Items the agent has not been told of (`awaitsTelling`: resolved, or expired / cancelled without `consumed_at`), oldest first. */
  getResolvedInboxItems(): Promise<InboxItem[]>;
  /** Marks the given items told: `resolved` → `consumed`, expired / cancelled keep their status; all get `consumed_at`. Others are left alone. */
  markInboxConsumed(itemIds: string[], at?: string): Promise<void>;

  // ── Subagents (Glove) ───────────────────────────────────────────────────
  /**
   * A child store for a subagent. Isolated from this one for everything except permissions.
   * `durable` true: the same namespace always gives the same data; false: a fresh store each call.
   */
  createSubAgentStore(namespace: string, durable?: boolean): Promise<StoreAdapter>;

  // ── Runs ────────────────────────────────────────────────────────────────
  /**
   * Conditional insert: stores the run (status `running`) only if no run of this store is
   * `running` or `suspended`. Returns false otherwise. This is the one-active-run lock.
   * With `branch`, atomically with the insert and only when it took, the active leaf becomes
   * `branch.leaf` (a stored message id; null: before the first message), so the run's messages start
   * a new branch there. An unknown leaf stores nothing and throws NotFoundError.
   */
  createRun(run: RunRecord, branch?: BranchStart): Promise<boolean>;
  /**
   * `createRun` without a branch and, only when it took, what a request's run reads first, read
   * after the run began (so the history holds every message stored before it): one round trip
   * where the store can. Null when a run is active.
   */
  createRunAndRead(run: RunRecord): Promise<RunStartReads | null>;
  getRun(runId: string): Promise<RunRecord | null>;
  /** The run that is `running` or `suspended`, if any (there is at most one). */
  getActiveRun(): Promise<RunRecord | null>;
  /** Conditional: moves the run to `to` only if its status is one of `from`. Returns whether it did. */
  transitionRun(runId: string, from: RunStatus[], to: RunStatus, error?: string): Promise<boolean>;
  /**
   * A run's last safe point and its end in one step: reads the queue and the inbox after every
   * message queued so far, and completes the running run only when nothing of them is for the
   * loop to inject (a queued message, an item that `awaitsTelling`). See `RunEnd`. `messages` (the
   * run's last reply) are stored first, as `appendMessages` stores them, whatever the end finds:
   * one step with the end where the store can.
   */
  completeRunUnlessWork(runId: string, messages?: Message[]): Promise<RunEnd>;
  /**
   * Adds to the run's usage counters, in any status. A store may write them behind, with its next
   * append or run move (a model step's usage is followed at once by its reply's append), as it
   * does the token counters; its own `getRun` and `getActiveRun` include what it has not written yet.
   * Unknown run: nothing.
   */
  addRunUsage(runId: string, usage: RunUsage): Promise<void>;
  /**
   * Drops the run's `started_by`: someone else's message joined the run, so the starter's own
   * permission records no longer decide its calls (only the organization's do).
   */
  forgetRunStarter(runId: string): Promise<void>;

  // ── Tool call states (one row per tool call) ────────────────────────────
  /** States for the given call ids; ids without a state are simply absent from the result. */
  getToolCallStates(callIds: string[]): Promise<ToolCallState[]>;
  /**
   * Upsert by call_id, except that `done` is final: saving over a done state changes nothing.
   * Returns the state as stored afterwards.
   */
  saveToolCallState(state: ToolCallState): Promise<ToolCallState>;

  // ── Slots (the durable display stack) ───────────────────────────────────
  /**
   * Insert unless a slot with the same (call_id, index) exists; returns the stored slot either
   * way (so two racing pushes of the same wait end up with one slot).
   */
  createSlot(slot: SlotRecord): Promise<SlotRecord>;
  getSlot(slotId: string): Promise<SlotRecord | null>;
  getSlotByCall(callId: string, index: number): Promise<SlotRecord | null>;
  /** Slots matching every given filter, oldest first. */
  listSlots(filter?: { runId?: string; status?: SlotStatus }): Promise<SlotRecord[]>;
  /**
   * Conditional (`where status = 'pending'`): settles a pending slot. `won` tells whether this
   * call did it; `slot` is the slot as stored afterwards. Unknown id → null. With `decision` (a
   * person answered a permission card) and only when this call won, atomically with the settlement:
   * stores `decision.grant` (as `setPermission`), files `decision.request` (pending) and records
   * the decision for the audit trail.
   * With `audit` (a tool's record of who answered its card, e.g. a form approval), likewise
   * atomically and only when this call won.
   */
  settleSlot(
    slotId: string,
    settlement: SlotSettlement,
    decision?: PermissionDecisionRecord,
    audit?: SlotAnswerAudit,
  ): Promise<{ won: boolean; slot: SlotRecord } | null>;
  /** Settles every pending slot of the run as `dismissed`; returns them. */
  dismissPendingSlots(runId: string, at: string): Promise<SlotRecord[]>;
  /** Settles every pending slot whose `expires_at` is at or before `now` as `expired`; returns them. */
  expireSlots(now: string): Promise<SlotRecord[]>;

  // ── Steering queue ──────────────────────────────────────────────────────
  /** Conditional: appends only while fewer than `limit` messages are queued. Returns whether it did. */
  enqueueMessage(message: QueuedMessage, limit: number): Promise<boolean>;
  /** Queued messages, oldest first. */
  getQueuedMessages(): Promise<QueuedMessage[]>;
  /**
   * `getQueuedMessages` and `getInboxItems` together, as one read where the store can: what a run's
   * safe point reads (a message queued meanwhile, an inbox item answered meanwhile) several times a turn.
   */
  getQueueAndInbox(): Promise<{ queued: QueuedMessage[]; inbox: InboxItem[] }>;
  /** Removes the given messages from the queue (unknown ids are ignored). */
  deleteQueuedMessages(messageIds: string[]): Promise<void>;
}

/** What a request's run reads as it starts: `getMessages` and `getQueueAndInbox`. */
export interface RunStartReads {
  history: Message[];
  queued: QueuedMessage[];
  inbox: InboxItem[];
}

/** What `completeRunUnlessWork` found. */
export type RunEnd =
  /**
   * The run completed. `awaitingInbox`: a blocking item was still pending, so its answer may come
   * while the run ends, find it busy and wait for a next run (the host looks once more, then).
   */
  | { kind: "completed"; awaitingInbox: boolean }
  /** Work arrived: the run is still running; the queue and the inbox as read. */
  | { kind: "work"; queued: QueuedMessage[]; inbox: InboxItem[] }
  /** The run was not running any more (stopped, or taken over by another instance). */
  | { kind: "not_running" };

/** A blocking inbox item nobody has answered yet: the run that posted it waits for its answer. */
export const blocksOnAnswer = (item: InboxItem) => item.blocking && item.status === "pending";

/** Where a run's new branch hangs: its first message becomes a child of `leaf`. */
export interface BranchStart {
  leaf: string | null;
}

/** A message of the active path with versions beside it (`siblings`, oldest first, the message itself among them). */
export interface BranchPoint {
  message_id: string;
  siblings: string[];
}

export interface Task {
  id: string;
  content: string;
  /** Present-continuous form shown while the task runs ("Fixing the bug"). */
  activeForm: string;
  status: "pending" | "in_progress" | "completed";
}

/** pending → resolved → consumed (the agent read the answer); or pending → expired / cancelled (the agent is told, `consumed_at`). */
export type InboxItemStatus = "pending" | "resolved" | "consumed" | "expired" | "cancelled";

/** Who or what resolved (or cancelled) an item. */
export interface InboxResolver {
  kind: "member" | "api_key" | "inbound_webhook" | "capability_link" | "system";
  id: string | null;
  name: string | null;
}

export interface InboxItem {
  /** Unique within the store: the posting tool call's id. */
  id: string;
  /** Unique everywhere: the id pages, the public API, webhooks and capability links use (set by the store). */
  public_id?: string;
  tag: string;
  request: string;
  /** The answer as the agent reads it (JSON text unless the answer was a string). */
  response: string | null;
  status: InboxItemStatus;
  blocking: boolean;
  created_at: string;
  resolved_at: string | null;
  /** Matches an inbound webhook's event (with the tag). */
  correlation_key?: string | null;
  /** The JSON Schema an answer must satisfy. */
  response_schema?: Record<string, unknown> | null;
  /** A pending item past this moment expires. */
  expires_at?: string | null;
  /** When the agent was told the outcome; null until then. */
  consumed_at?: string | null;
  resolved_by?: InboxResolver | null;
}

/** Settled items the agent has not been told of yet: answered, expired or cancelled. */
export const awaitsTelling = (item: InboxItem) =>
  item.status === "resolved" || ((item.status === "expired" || item.status === "cancelled") && !item.consumed_at);

export interface PermissionRecord {
  tool_name: string;
  /** Canonical JSON of the input (see `permissionInputKey`); null = every input of the tool. */
  input_key: string | null;
  /** The one person the record covers (in runs they started); null or absent = everyone in the organization. */
  user_id?: string | null;
  status: "granted" | "denied";
  /** Shown to the model when a stored denial blocks a call. */
  reason?: string;
  /** Who answered the card that stored it. */
  granted_by?: string | null;
}

/** What a tool's card answer leaves in the audit trail (`GloveTool.auditAnswer`); the store adds the conversation and slot. */
export interface SlotAnswerAudit {
  action: string;
  /** Who answered; null when the server did not say. */
  actorId: string | null;
  target: string;
  metadata: Record<string, unknown>;
}

/** A person's answer to a permission card, as the audit trail keeps it. */
export interface PermissionDecisionRecord {
  decision: "allow_once" | "allow_input_always" | "allow_tool_always" | "request_organization" | "deny" | "deny_always";
  /** Who answered; null when the server did not say. */
  decided_by: string | null;
  tool_name: string;
  /** The input the decision is about (the edited one, if edited), as `permissionInputKey`. */
  input_key: string;
  /** Whom it covers: this call only, the person who answered, or the whole organization. */
  scope: "call" | "person" | "organization";
  reason?: string;
  /** The record to store ("always" decisions, grants and denials). */
  grant?: PermissionRecord;
  /** The request to file (`request_organization`): a pending ask for an organization-wide grant. */
  request?: PermissionRequestRecord;
}

/** A member's ask, from a card, for an organization-wide grant; an owner or admin settles it. */
export interface PermissionRequestRecord {
  tool_name: string;
  /** The input asked for (`permissionInputKey`); null = every input of the tool. */
  input_key: string | null;
  requested_by: string;
}

/** A filed request as stored: the card it came from, and how (and whether) it was settled. */
export interface StoredPermissionRequest extends PermissionRequestRecord {
  slot_id: string;
  status: "pending" | "approved" | "declined";
  decided_by: string | null;
}

/** `running` and `suspended` are active; the others are final. */
export type RunStatus = "running" | "suspended" | "completed" | "failed" | "aborted";

export interface RunRecord {
  id: string;
  status: RunStatus;
  created_at: string;
  /** The person whose message started the run; absent for runs nobody typed (inbox, recovery, subagents). */
  started_by?: string;
  /** What a person can act on when the run failed. */
  error?: string;
  /** Model steps of the request so far (the iteration cap counts them); stores return 0 for a new run. */
  model_steps?: number;
  /** Effective tokens the request spent so far, subagents and failed attempts included (budget.ts); 0 for a new run. */
  effective_tokens?: number;
}

/** A run's usage counters (see `RunRecord`), kept in the store so a continuation elsewhere counts on. */
export interface RunUsage {
  model_steps: number;
  effective_tokens: number;
}

/** `pending`: started (not yet known to wait or finish); `waiting`: suspended on a card; `done`: has its result. */
export type ToolCallStatus = "pending" | "waiting" | "done";

export interface ToolCallState {
  call_id: string;
  run_id: string;
  tool_name: string;
  status: ToolCallStatus;
  /** Present once `done`. */
  result?: ToolResultPayload;
}

export type SlotKind = "wait" | "forget";
/** `pending` waits for an answer; `shown` is a forget slot; the rest are settled waits. */
export type SlotStatus = "pending" | "shown" | "resolved" | "rejected" | "expired" | "dismissed";
export type DisplayStrategy = "stay" | "hide-on-complete" | "hide-on-new";

export interface SlotRecord {
  id: string;
  run_id: string;
  call_id: string;
  /** Position among the pushes of this tool call; 0 is reserved for the permission request. */
  index: number;
  kind: SlotKind;
  tool_name: string;
  /** Which client renderer draws the card: the tool's name, `permission_request`, or a custom one. */
  renderer: string;
  props: unknown;
  display_strategy: DisplayStrategy;
  status: SlotStatus;
  /** The answer, once resolved. */
  value?: unknown;
  /** Why it was rejected, expired or dismissed. */
  reason?: string;
  created_at: string;
  expires_at: string | null;
  settled_at: string | null;
  /** Who answered or declined it; absent when nobody did (expired, dismissed) or the answerer was not known. */
  answered_by?: SlotAnswerer;
}

/**
 * The person who settled a card, as the card says it ("Chosen by Ann Lee"). Cards are answered by
 * people only (words from outside arrive as inbox items). `name` is kept as it was when they
 * answered; `user_id` is null once the account is gone, and the name still says who it was.
 */
export interface SlotAnswerer {
  user_id: string | null;
  name: string;
}

export type SlotSettlement = (
  { status: "resolved"; value: unknown; settled_at: string } | { status: "rejected"; reason: string; settled_at: string }
) & { answered_by?: SlotAnswerer };

export interface QueuedMessage {
  id: string;
  text: string;
  created_at: string;
  /** The person who sent it; absent for a message nobody typed (an API key's). */
  sent_by?: string;
}
