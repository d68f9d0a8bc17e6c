import { NotFoundError } from "../errors";
import type { Message, ToolResultPayload } from "../messages";
import { permissionInputKey } from "../permissions";
import type { TokenUsage } from "../model-adapter";
import type {
  BranchStart,
  InboxItem,
  InboxItemStatus,
  PermissionDecisionRecord,
  PermissionRecord,
  StoredPermissionRequest,
  QueuedMessage,
  RunEnd,
  RunRecord,
  RunStatus,
  RunUsage,
  SlotAnswerAudit,
  SlotRecord,
  SlotSettlement,
  SlotStatus,
  StoreAdapter,
  Task,
  ToolCallState,
} from "../store-adapter";
import { awaitsTelling, blocksOnAnswer } from "../store-adapter";

const clone = <T>(value: T): T => structuredClone(value);
const isActive = (run: RunRecord) => run.status === "running" || run.status === "suspended";

/**
 * In-process StoreAdapter for tests. Every conditional method checks and
 * writes without an `await` in between, which is what makes it atomic on one event loop.
 */
export class MemoryStore implements StoreAdapter {
  /** The message tree: each node's parent is an index into this list (null: a first message). */
  private nodes: { message: Message; parent: number | null }[] = [];
  private messageIds = new Map<string, number>();
  private leaf: number | null = null;
  private tokens = 0;
  private turns = 0;
  private tasks: Task[] = [];
  private inbox: InboxItem[] = [];
  private runs = new Map<string, RunRecord>();
  private toolCalls = new Map<string, ToolCallState>();
  private slots: SlotRecord[] = [];
  private queue: QueuedMessage[] = [];
  private durableChildren = new Map<string, MemoryStore>();
  private decisionLog: PermissionDecisionRecord[] = [];
  private answerAuditLog: SlotAnswerAudit[] = [];
  private permissionRequests = new Map<string, StoredPermissionRequest>();

  constructor(
    readonly identifier: string = "memory",
    /** Shared with sub-stores: permissions belong to the tenant, not the conversation. */
    private readonly permissions: Map<string, PermissionRecord> = new Map(),
  ) {}

  async getMessages() {
    return clone(this.activePath().map((index) => this.nodes[index].message));
  }

  async appendMessages(messages: Message[]) {
    this.storeMessages(messages);
  }

  private storeMessages(messages: Message[]) {
    for (const message of messages) {
      if (message.id !== undefined) {
        if (this.messageIds.has(message.id)) continue;
        this.messageIds.set(message.id, this.nodes.length);
      }
      this.nodes.push({ message: clone(message), parent: this.leaf });
      this.leaf = this.nodes.length - 1;
    }
  }

  async switchBranch(messageId: string) {
    const start = this.messageIds.get(messageId);
    if (start === undefined) return "not_found" as const;
    if ([...this.runs.values()].some(isActive)) return "busy" as const;
    let leaf = start;
    for (let child = this.newestChild(leaf); child !== null; child = this.newestChild(leaf)) leaf = child;
    this.leaf = leaf;
    return "switched" as const;
  }

  async getBranchPoints() {
    return this.activePath().flatMap((index) => {
      const { message, parent } = this.nodes[index];
      const siblings = this.children(parent).flatMap((sibling) => this.nodes[sibling].message.id ?? []);
      return message.id !== undefined && siblings.length > 1 ? [{ message_id: message.id, siblings }] : [];
    });
  }

  async findOffPathToolResult(toolName: string, inputKey: string, under: string | null): Promise<ToolResultPayload | null> {
    const onPath = new Set(this.activePath());
    const root = under === null ? null : this.nodes.findIndex((node) => node.message.id === under);
    if (root === -1) return null;
    for (const [index, { message }] of this.nodes.entries()) {
      if (onPath.has(index) || (root !== null && !this.descendsFrom(index, root))) continue;
      for (const call of message.tool_calls ?? []) {
        if (call.tool_name !== toolName || permissionInputKey(call.input_args) !== inputKey) continue;
        const state = this.toolCalls.get(call.id);
        if (state?.status === "done" && state.result?.status === "success") return clone(state.result);
      }
    }
    return null;
  }

  private descendsFrom(index: number, ancestor: number): boolean {
    for (let at = this.nodes[index].parent; at !== null; at = this.nodes[at].parent) if (at === ancestor) return true;
    return false;
  }

  /** Node indexes from the first message to the active leaf. */
  private activePath(): number[] {
    const path: number[] = [];
    for (let at = this.leaf; at !== null; at = this.nodes[at].parent) path.unshift(at);
    return path;
  }

  private children(parent: number | null): number[] {
    return this.nodes.flatMap((node, index) => (node.parent === parent ? [index] : []));
  }

  private newestChild(parent: number): number | null {
    return this.children(parent).at(-1) ?? null;
  }

  async getTokenCount() {
    return this.tokens;
  }

  async addTokens(usage: TokenUsage) {
    this.tokens += usage.tokens_in + usage.tokens_out;
  }

  async getTurnCount() {
    return this.turns;
  }

  async incrementTurn() {
    this.turns += 1;
  }

  async resetCounters() {
    this.tokens = 0;
    this.turns = 0;
  }

  async getTasks() {
    return clone(this.tasks);
  }

  async addTasks(tasks: Task[]) {
    this.tasks = clone(tasks);
  }

  async updateTask(taskId: string, updates: Partial<Pick<Task, "status" | "content" | "activeForm">>) {
    const task = this.tasks.find((candidate) => candidate.id === taskId);
    if (task) Object.assign(task, clone(updates));
  }

  async getPermission(toolName: string, inputKey: string | null, userId: string | null = null) {
    const record = this.permissions.get(permissionKey(toolName, inputKey, userId));
    return record ? clone(record) : null;
  }

  async setPermission(record: PermissionRecord) {
    this.permissions.set(
      permissionKey(record.tool_name, record.input_key, record.user_id ?? null),
      clone({ ...record, user_id: record.user_id ?? null }),
    );
  }

  async getPermissionRequest(slotId: string) {
    const request = this.permissionRequests.get(slotId);
    return request ? clone(request) : null;
  }

  /** The permission decisions recorded by `settleSlot`, oldest first (the audit trail, for tests). */
  decisions(): PermissionDecisionRecord[] {
    return clone(this.decisionLog);
  }

  /** The tools' card-answer audits recorded by `settleSlot`, oldest first. */
  answerAudits(): SlotAnswerAudit[] {
    return clone(this.answerAuditLog);
  }

  async getInboxItems() {
    return clone(this.inbox);
  }

  async addInboxItem(item: InboxItem) {
    this.inbox.push(clone(item));
  }

  async updateInboxItem(
    itemId: string,
    updates: Partial<Pick<InboxItem, "status" | "response" | "resolved_at" | "resolved_by">>,
    expectedStatus?: InboxItemStatus,
  ) {
    const item = this.inbox.find((candidate) => candidate.id === itemId);
    if (!item || (expectedStatus !== undefined && item.status !== expectedStatus)) return false;
    Object.assign(item, clone(updates));
    return true;
  }

  async getResolvedInboxItems() {
    return clone(this.inbox.filter(awaitsTelling));
  }

  async markInboxConsumed(itemIds: string[], at = new Date().toISOString()) {
    for (const item of this.inbox) {
      if (!awaitsTelling(item) || !itemIds.includes(item.id)) continue;
      if (item.status === "resolved") item.status = "consumed";
      item.consumed_at = at;
    }
  }

  async createSubAgentStore(namespace: string, durable = false): Promise<StoreAdapter> {
    const make = () => new MemoryStore(`${this.identifier}/${namespace}`, this.permissions);
    if (!durable) return make();
    let child = this.durableChildren.get(namespace);
    if (!child) {
      child = make();
      this.durableChildren.set(namespace, child);
    }
    return child;
  }

  async createRun(run: RunRecord, branch?: BranchStart) {
    const leaf = branch?.leaf == null ? null : this.messageIds.get(branch.leaf);
    if (leaf === undefined) throw new NotFoundError("The message");
    if ([...this.runs.values()].some(isActive) || this.runs.has(run.id)) return false;
    if (branch) this.leaf = leaf;
    this.runs.set(
      run.id,
      clone({ ...run, status: "running", model_steps: run.model_steps ?? 0, effective_tokens: run.effective_tokens ?? 0 }),
    );
    return true;
  }

  async createRunAndRead(run: RunRecord) {
    if (!(await this.createRun(run))) return null;
    return { history: await this.getMessages(), ...this.queueAndInbox() };
  }

  async getRun(runId: string) {
    const run = this.runs.get(runId);
    return run ? clone(run) : null;
  }

  async getActiveRun() {
    const run = [...this.runs.values()].find(isActive);
    return run ? clone(run) : null;
  }

  async transitionRun(runId: string, from: RunStatus[], to: RunStatus, error?: string) {
    return this.moveRun(runId, from, to, error);
  }

  // Its own reads and moves, not the public methods: a test spying on those sees only what the agent calls.
  async completeRunUnlessWork(runId: string, messages: Message[] = []): Promise<RunEnd> {
    this.storeMessages(messages);
    const { queued, inbox } = this.queueAndInbox();
    if (queued.length > 0 || inbox.some(awaitsTelling)) return { kind: "work", queued, inbox };
    if (!this.moveRun(runId, ["running"], "completed")) return { kind: "not_running" };
    return { kind: "completed", awaitingInbox: inbox.some(blocksOnAnswer) };
  }

  async addRunUsage(runId: string, usage: RunUsage) {
    const run = this.runs.get(runId);
    if (!run) return;
    run.model_steps = (run.model_steps ?? 0) + usage.model_steps;
    run.effective_tokens = (run.effective_tokens ?? 0) + usage.effective_tokens;
  }

  async forgetRunStarter(runId: string) {
    const run = this.runs.get(runId);
    if (run) delete run.started_by;
  }

  async getToolCallStates(callIds: string[]) {
    return callIds.flatMap((id) => {
      const state = this.toolCalls.get(id);
      return state ? [clone(state)] : [];
    });
  }

  async saveToolCallState(state: ToolCallState) {
    const existing = this.toolCalls.get(state.call_id);
    if (existing?.status !== "done") this.toolCalls.set(state.call_id, clone(state));
    return clone(this.toolCalls.get(state.call_id)!);
  }

  async createSlot(slot: SlotRecord) {
    const existing = this.slots.find((candidate) => candidate.call_id === slot.call_id && candidate.index === slot.index);
    if (existing) return clone(existing);
    this.slots.push(clone(slot));
    return clone(slot);
  }

  async getSlot(slotId: string) {
    const slot = this.slots.find((candidate) => candidate.id === slotId);
    return slot ? clone(slot) : null;
  }

  async getSlotByCall(callId: string, index: number) {
    const slot = this.slots.find((candidate) => candidate.call_id === callId && candidate.index === index);
    return slot ? clone(slot) : null;
  }

  async listSlots(filter: { runId?: string; status?: SlotStatus } = {}) {
    return clone(
      this.slots.filter(
        (slot) =>
          (filter.runId === undefined || slot.run_id === filter.runId) && (filter.status === undefined || slot.status === filter.status),
      ),
    );
  }

  async settleSlot(slotId: string, settlement: SlotSettlement, decision?: PermissionDecisionRecord, audit?: SlotAnswerAudit) {
    const slot = this.slots.find((candidate) => candidate.id === slotId);
    if (!slot) return null;
    if (slot.status !== "pending") return { won: false, slot: clone(slot) };
    slot.status = settlement.status;
    slot.settled_at = settlement.settled_at;
    if (settlement.status === "resolved") slot.value = clone(settlement.value);
    else slot.reason = settlement.reason;
    if (settlement.answered_by) slot.answered_by = clone(settlement.answered_by);
    if (decision) {
      if (decision.grant) await this.setPermission(decision.grant);
      if (decision.request)
        this.permissionRequests.set(slotId, { ...clone(decision.request), slot_id: slotId, status: "pending", decided_by: null });
      this.decisionLog.push(clone(decision));
    }
    if (audit) this.answerAuditLog.push(clone(audit));
    return { won: true, slot: clone(slot) };
  }

  async dismissPendingSlots(runId: string, at: string) {
    return this.settleWhere((slot) => slot.run_id === runId, "dismissed", at, "The run was stopped.");
  }

  async expireSlots(now: string) {
    const due = Date.parse(now);
    return this.settleWhere(
      (slot) => slot.expires_at !== null && Date.parse(slot.expires_at) <= due,
      "expired",
      now,
      "Nobody answered in time.",
    );
  }

  async enqueueMessage(message: QueuedMessage, limit: number) {
    if (this.queue.length >= limit) return false;
    this.queue.push(clone(message));
    return true;
  }

  async getQueuedMessages() {
    return clone(this.queue);
  }

  async getQueueAndInbox() {
    return this.queueAndInbox();
  }

  private queueAndInbox() {
    return { queued: clone(this.queue), inbox: clone(this.inbox) };
  }

  private moveRun(runId: string, from: RunStatus[], to: RunStatus, error?: string) {
    const run = this.runs.get(runId);
    if (!run || !from.includes(run.status)) return false;
    run.status = to;
    if (error !== undefined) run.error = error;
    return true;
  }

  async deleteQueuedMessages(messageIds: string[]) {
    this.queue = this.queue.filter((message) => !messageIds.includes(message.id));
  }

  private settleWhere(match: (slot: SlotRecord) => boolean, status: "dismissed" | "expired", at: string, reason: string) {
    const settled = this.slots.filter((slot) => slot.status === "pending" && match(slot));
    for (const slot of settled) {
      slot.status = status;
      slot.settled_at = at;
      slot.reason = reason;
    }
    return clone(settled);
  }
}

const permissionKey = (toolName: string, inputKey: string | null, userId: string | null) => JSON.stringify([toolName, inputKey, userId]);
