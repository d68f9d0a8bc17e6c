import type { Emit } from "./events";
import { SlotRejectedError } from "./errors";
import { RunSuspension } from "./suspension";
import type { DisplayStrategy, SlotRecord, StoreAdapter } from "./store-adapter";
import type { GloveTool, ToolDisplay } from "./tool";

/** Index 0 of every tool call belongs to its permission request, so the tool's own pushes never shift. */
export const PERMISSION_SLOT_INDEX = 0;
const FIRST_TOOL_SLOT_INDEX = 1;

/** What one tool call needs to reach its slots. */
export interface SlotScope {
  store: StoreAdapter;
  emit: Emit;
  runId: string;
  callId: string;
  toolName: string;
  now: () => Date;
  newId: () => string;
  /** Pending waits expire after this long (tenant setting); none when undefined. */
  slotTtlMs?: number;
}

interface SlotRequest {
  index: number;
  kind: SlotRecord["kind"];
  renderer: string;
  props: unknown;
  strategy: DisplayStrategy;
}

/**
 * The durable `pushAndWait`: the slot is found by (tool call id, index). Resolved → its value;
 * rejected, expired or dismissed → `SlotRejectedError`; pending or new → `RunSuspension`.
 */
export async function waitForSlot(scope: SlotScope, request: Omit<SlotRequest, "kind">): Promise<unknown> {
  const slot = await pushSlot(scope, { ...request, kind: "wait" });
  if (slot.status === "resolved") return slot.value;
  if (slot.status === "pending") throw new RunSuspension(slot);
  throw new SlotRejectedError(slot);
}

async function pushSlot(scope: SlotScope, request: SlotRequest): Promise<SlotRecord> {
  const existing = await scope.store.getSlotByCall(scope.callId, request.index);
  if (existing) return existing;
  const now = scope.now();
  const candidate: SlotRecord = {
    id: scope.newId(),
    run_id: scope.runId,
    call_id: scope.callId,
    index: request.index,
    kind: request.kind,
    tool_name: scope.toolName,
    renderer: request.renderer,
    props: request.props,
    display_strategy: request.strategy,
    status: request.kind === "wait" ? "pending" : "shown",
    created_at: now.toISOString(),
    expires_at: request.kind === "wait" && scope.slotTtlMs !== undefined ? new Date(now.getTime() + scope.slotTtlMs).toISOString() : null,
    settled_at: null,
  };
  const stored = await scope.store.createSlot(candidate);
  // Another execution may have pushed the same slot first; only the creator announces it.
  if (stored.id === candidate.id) await scope.emit("slot_push", { slot: stored });
  return stored;
}

/** One tool call's view of the display stack. Counts pushes so re-execution finds the same slots. */
export class CallDisplay<P = unknown, R = unknown> implements ToolDisplay<P, R> {
  /** Set when a wait suspended, even if the tool caught and swallowed the suspension. */
  suspendedOn: SlotRecord | null = null;
  private nextIndex = FIRST_TOOL_SLOT_INDEX;

  constructor(
    private readonly scope: SlotScope,
    private readonly tool: GloveTool<unknown, P, R>,
  ) {}

  async pushAndWait(props: P, options: { renderer?: string } = {}): Promise<R> {
    const request = this.request(props, options);
    try {
      // resolveSlot, the only way to store an answer, validated it (narrowed by these props) before storing it.
      return (await waitForSlot(this.scope, request)) as R;
    } catch (error) {
      if (error instanceof RunSuspension) this.suspendedOn = error.slot;
      throw error;
    }
  }

  async pushAndForget(props: P, options: { renderer?: string } = {}): Promise<string> {
    const slot = await pushSlot(this.scope, { ...this.request(props, options), kind: "forget" });
    return slot.id;
  }

  peek(): Promise<SlotRecord | null> {
    return this.scope.store.getSlotByCall(this.scope.callId, this.nextIndex);
  }

  private request(props: P, options: { renderer?: string }) {
    // Props come from our own tool code, so a mismatch is a bug: fail loudly.
    const checked = this.tool.displayPropsSchema ? this.tool.displayPropsSchema.parse(props) : props;
    return {
      index: this.nextIndex++,
      renderer: options.renderer ?? this.tool.name,
      props: checked,
      strategy: this.tool.displayStrategy ?? "stay",
    };
  }
}

/**
 * Which slots a client shows, from the display strategies: "stay" always, "hide-on-complete"
 * until its tool call has a result, "hide-on-new" until the same tool pushes a newer slot.
 * Dismissed slots (aborted runs) are never shown.
 */
export function visibleSlots(slots: SlotRecord[], completedCallIds: ReadonlySet<string>): SlotRecord[] {
  return slots.filter((slot, position) => {
    if (slot.status === "dismissed") return false;
    if (slot.display_strategy === "hide-on-complete") return !completedCallIds.has(slot.call_id);
    if (slot.display_strategy === "hide-on-new") return !slots.slice(position + 1).some((later) => later.tool_name === slot.tool_name);
    return true;
  });
}
