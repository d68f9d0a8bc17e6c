import { answerSchemaForSlot } from "./answer-schema";
import { canonicalJson } from "./canonical-json";
import { PERMISSION_SLOT_INDEX } from "./display-manager";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "./errors";
import type { Emit } from "./events";
import {
  isDenial,
  parsePermissionAnswer,
  permissionDecisionRecord,
  permissionInputKey,
  type PermissionAnswerer,
  type PermissionDecision,
  type PermissionRequestProps,
} from "./permissions";
import type { PermissionDecisionRecord, SlotAnswerAudit, SlotAnswerer, SlotRecord, SlotSettlement, StoreAdapter } from "./store-adapter";
import { validateWith, type GloveTool } from "./tool";

/** A card by id, or as the caller has just read it from the same store (one read fewer). */
export type CardRef = string | SlotRecord;

/** `continuable`: no card of the run is pending any more, so the server should call `continueRun`. */
export interface SlotAnswer {
  slot: SlotRecord;
  changed: boolean;
  continuable: boolean;
}

/**
 * What storing an answer needs, and no more: no model, no run. `Glove` passes its own; the server
 * passes them without building an agent, so an answer that continues nothing never builds one.
 * `toolFor`: the tool whose card it is (its answer and input schemas), undefined when not enabled.
 */
export interface SlotAnswerDeps {
  store: StoreAdapter;
  toolFor(name: string): GloveTool | undefined;
  emit: Emit;
  now(): Date;
}

/**
 * Answers a card. The value is validated once, here, before it is stored (`answerSchemaForSlot`:
 * the tool's `resolveSchema` narrowed by the card's props, or the permission answer schema; a
 * failure is a `ValidationError` with the issues per field); first answer wins: the same answer
 * again is a no-op, a different one a `ConflictError`. `answerer`: who answers, as the server
 * knows it; it decides whether a permission request's input may be edited and whom an "always"
 * covers (see `permissionDecisionRecord`). Without it the answerer counts as a member nobody knows.
 */
export async function resolveSlot(
  deps: SlotAnswerDeps,
  card: CardRef,
  value: unknown,
  answerer: PermissionAnswerer = { isAdmin: false },
): Promise<SlotAnswer> {
  const slot = await waitSlot(deps.store, card);
  const tool = deps.toolFor(slot.tool_name);
  checkAnswerRole(slot, tool, answerer);
  let permission: PermissionDecision | null = null;
  let stored = value;
  const schema = answerSchemaForSlot(slot, tool);
  if (schema) {
    const checked = validateWith(schema, value, "answer");
    if (!checked.ok) throw new ValidationError(checked.message, checked.issues);
    stored = checked.value;
  }
  if (slot.index === PERMISSION_SLOT_INDEX) {
    // The decision's shape is checked above; this adds who may choose what and the edited input's own check.
    permission = parsePermissionAnswer(slot, stored, tool, answerer);
    stored = permission;
  }
  const decision = permission ? permissionDecisionRecord(slot, permission, answerer) : undefined;
  const settlement = { status: "resolved" as const, value: stored, settled_at: deps.now().toISOString(), ...answeredBy(answerer) };
  return settle(deps, slot, settlement, { decision, audit: answerAudit(tool, slot, settlement, answerer) }, async (settled) => {
    if (!permission) return;
    await deps.emit("permission_decided", {
      call_id: settled.call_id,
      tool_name: settled.tool_name,
      allowed: !isDenial(permission.decision),
      by: "user",
      decision: permission.decision,
      ...(permission.reason !== undefined && { reason: permission.reason }),
      ...(permission.editedInput !== undefined && { input_edited: true }),
    });
  });
}

/** Declines a card: the tool's `pushAndWait` throws `SlotRejectedError` (a permission request counts as denied). */
export async function rejectSlot(
  deps: SlotAnswerDeps,
  card: CardRef,
  reason = "Declined.",
  answerer: PermissionAnswerer = { isAdmin: false },
): Promise<SlotAnswer> {
  const slot = await waitSlot(deps.store, card);
  const tool = deps.toolFor(slot.tool_name);
  checkAnswerRole(slot, tool, answerer);
  const decision =
    slot.index === PERMISSION_SLOT_INDEX
      ? {
          decision: "deny" as const,
          decided_by: answerer.userId ?? null,
          tool_name: slot.tool_name,
          input_key: permissionInputKey((slot.props as PermissionRequestProps).input),
          scope: "call" as const,
          reason,
        }
      : undefined;
  const settlement = { status: "rejected" as const, reason, settled_at: deps.now().toISOString(), ...answeredBy(answerer) };
  const audit = answerAudit(tool, slot, settlement, answerer);
  return settle(deps, slot, settlement, { decision, audit }, async (settled) => {
    if (settled.index !== PERMISSION_SLOT_INDEX) return;
    await deps.emit("permission_decided", { call_id: settled.call_id, tool_name: settled.tool_name, allowed: false, by: "user", reason });
  });
}

/** Who the card will say answered it: only a person the server named (`userId` and `name`). */
function answeredBy(answerer: PermissionAnswerer): { answered_by?: SlotAnswerer } {
  return answerer.userId && answerer.name ? { answered_by: { user_id: answerer.userId, name: answerer.name } } : {};
}

/** A card only admins may answer (the tool's `answerRole` for its props): a member's answer or decline is refused. */
function checkAnswerRole(slot: SlotRecord, tool: GloveTool | undefined, answerer: PermissionAnswerer) {
  if (slot.index === PERMISSION_SLOT_INDEX || !tool?.answerRole || answerer.isAdmin) return;
  if (tool.answerRole(slot.props) === "admin")
    throw new ForbiddenError("Only owners and admins can answer this card. It waits for an admin's decision.");
}

/** The tool's own audit entry for an answer to one of its cards (a permission card has the decision record instead). */
function answerAudit(tool: GloveTool | undefined, slot: SlotRecord, settlement: SlotSettlement, answerer: PermissionAnswerer) {
  if (slot.index === PERMISSION_SLOT_INDEX) return undefined;
  return tool?.auditAnswer?.(slot, settlement, answerer) ?? undefined;
}

async function waitSlot(store: StoreAdapter, card: CardRef): Promise<SlotRecord> {
  const slot = typeof card === "string" ? await store.getSlot(card) : card;
  if (!slot) throw new NotFoundError("The card");
  if (slot.kind !== "wait") throw new ValidationError("This card does not take an answer.");
  return slot;
}

async function settle(
  deps: SlotAnswerDeps,
  slot: SlotRecord,
  settlement: SlotSettlement,
  records: { decision?: PermissionDecisionRecord; audit?: SlotAnswerAudit },
  onSettled: (slot: SlotRecord) => Promise<void>,
): Promise<SlotAnswer> {
  const { store } = deps;
  const outcome = await store.settleSlot(slot.id, settlement, records.decision, records.audit);
  if (!outcome) throw new NotFoundError("The card");
  if (!outcome.won) {
    if (sameSettlement(outcome.slot, settlement)) return { slot: outcome.slot, changed: false, continuable: false };
    throw new ConflictError(
      `This card was already ${outcome.slot.status}${outcome.slot.status === "resolved" ? " with a different answer" : ""}.`,
    );
  }
  await onSettled(outcome.slot);
  await deps.emit("slot_resolved", { slot: outcome.slot });
  const pending = await store.listSlots({ runId: slot.run_id, status: "pending" });
  return { slot: outcome.slot, changed: true, continuable: pending.length === 0 };
}

function sameSettlement(slot: SlotRecord, settlement: SlotSettlement): boolean {
  if (slot.status !== settlement.status) return false;
  return settlement.status === "resolved"
    ? canonicalJson(slot.value) === canonicalJson(settlement.value)
    : slot.reason === settlement.reason;
}
