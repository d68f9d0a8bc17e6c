import { z } from "zod";
import { canonicalJson } from "./canonical-json";
import { PERMISSION_SLOT_INDEX, waitForSlot, type SlotScope } from "./display-manager";
import { ForbiddenError, SlotRejectedError, ValidationError } from "./errors";
import type { PermissionDecisionRecord, SlotRecord, StoreAdapter } from "./store-adapter";
import { validateToolInput, validateWith, type GloveTool } from "./tool";

export const PERMISSION_RENDERER = "permission_request";

/** The answer to a `permission_request` card. */
export const permissionDecisionSchema = z.object({
  decision: z.enum(["allow_once", "allow_input_always", "allow_tool_always", "deny"]),
  /** Shown to the model when denied. */
  reason: z.string().max(2000).optional(),
  /** Admins only (the server decides who may): replaces the input, re-validated, then used verbatim. */
  editedInput: z.unknown().optional(),
});
export type PermissionDecision = z.infer<typeof permissionDecisionSchema>;

/** The props of a `permission_request` card. */
export interface PermissionRequestProps {
  tool_name: string;
  input: unknown;
  input_editable: boolean;
}

/** Tenant policy by tool name: decided without a card. */
export type PermissionPolicy = Readonly<Record<string, "allow" | "deny">>;

/** A stable key for "this exact input", whatever the key order the model used. */
export const permissionInputKey = (input: unknown) => canonicalJson(input);

export type PermissionOutcome = { allowed: true; input: unknown; inputEdited: boolean } | { allowed: false; reason: string };

/**
 * Decides whether a call may run. Order: this call's own card (its answer is durable, so a
 * re-executed call never asks twice), tenant policy, stored grants or denials (this input, then
 * the whole tool), else a new card and the run suspends. Only a person's answer to the card
 * writes a stored permission (see `recordPermissionDecision`); nothing a model can call does.
 */
export async function checkPermission(
  scope: SlotScope,
  tool: GloveTool,
  input: unknown,
  policy: PermissionPolicy,
  announce: boolean,
): Promise<PermissionOutcome> {
  const { store, emit } = scope;
  const decided = async (outcome: PermissionOutcome, by: "policy" | "stored") => {
    if (announce) {
      await emit("permission_decided", {
        call_id: scope.callId,
        tool_name: tool.name,
        allowed: outcome.allowed,
        by,
        ...(outcome.allowed ? {} : { reason: outcome.reason }),
      });
    }
    return outcome;
  };

  if (!(await store.getSlotByCall(scope.callId, PERMISSION_SLOT_INDEX))) {
    const rule = policy[tool.name];
    if (rule === "allow") return decided({ allowed: true, input, inputEdited: false }, "policy");
    if (rule === "deny") return decided({ allowed: false, reason: "Your organization's policy does not allow this tool." }, "policy");
    const stored = await storedPermission(store, scope.runId, tool.name, input);
    if (stored?.status === "granted") return decided({ allowed: true, input, inputEdited: false }, "stored");
    if (stored?.status === "denied") return decided({ allowed: false, reason: stored.reason ?? "This tool is not allowed." }, "stored");
  }

  const props: PermissionRequestProps = { tool_name: tool.name, input, input_editable: tool.permissionInputEditable === true };
  let answer: PermissionDecision;
  try {
    answer = permissionDecisionSchema.parse(
      await waitForSlot(scope, { index: PERMISSION_SLOT_INDEX, renderer: PERMISSION_RENDERER, props, strategy: "hide-on-complete" }),
    );
  } catch (error) {
    if (error instanceof SlotRejectedError) return { allowed: false, reason: error.reason };
    throw error;
  }
  if (answer.decision === "deny") return { allowed: false, reason: answer.reason ?? "No reason given." };
  if (answer.editedInput === undefined) return { allowed: true, input, inputEdited: false };
  const edited = validateToolInput(tool, answer.editedInput);
  if (!edited.ok) return { allowed: false, reason: `The edited input was not valid. ${edited.message}` };
  return { allowed: true, input: edited.value, inputEdited: true };
}

/**
 * The grant that covers this call: the starter's own grant for this input (a member's "always"
 * covers only runs that member started, so another person's message never rides on it), then the
 * organization's for this input, then the organization's for the whole tool.
 */
async function storedPermission(store: StoreAdapter, runId: string, toolName: string, input: unknown) {
  const inputKey = permissionInputKey(input);
  const [run, forInput, forTool] = await Promise.all([
    store.getRun(runId),
    store.getPermission(toolName, inputKey, null),
    store.getPermission(toolName, null, null),
  ]);
  const own = run?.started_by ? await store.getPermission(toolName, inputKey, run.started_by) : null;
  return own ?? forInput ?? forTool;
}

/** Who is answering a card, as the server knows it. */
export interface PermissionAnswerer {
  userId?: string;
  /** Owners and admins: may edit the input and grant for the whole organization. */
  isAdmin: boolean;
}

/** Validates a person's answer to a permission card, before it is stored. */
export function parsePermissionAnswer(
  slot: SlotRecord,
  value: unknown,
  tool: GloveTool | undefined,
  answerer: PermissionAnswerer,
): PermissionDecision {
  const parsed = validateWith(permissionDecisionSchema, value, "permission answer");
  if (!parsed.ok) throw new ValidationError(parsed.message);
  const answer = parsed.value;
  if (answer.decision === "allow_tool_always" && !answerer.isAdmin) throw new ForbiddenError(TOOL_ALWAYS_IS_FOR_ADMINS);
  if (answer.decision === "allow_input_always" && !answerer.isAdmin && !answerer.userId) {
    throw new ValidationError("This input can only be always allowed by a signed-in person.");
  }
  if (answer.editedInput !== undefined) {
    const props = slot.props as PermissionRequestProps;
    if (!props.input_editable || !answerer.isAdmin) throw new ValidationError("This input cannot be edited by you.");
    if (!tool) throw new ValidationError(`The tool "${slot.tool_name}" is not available, so its input cannot be edited.`);
    const edited = validateToolInput(tool, answer.editedInput);
    if (!edited.ok) throw new ValidationError(edited.message);
  }
  return answer;
}

export const TOOL_ALWAYS_IS_FOR_ADMINS =
  "Only an owner or admin can always allow a tool for every input: that covers everyone in the organization. Allow it once or for this exact input, or ask an admin to grant it.";

/**
 * What an answer means for the store: the grant it stores and the audit trail's entry. The grant
 * covers the input that will actually run (the edited one if any). An admin's "always" covers the
 * organization; a member's "always allow this input" covers that member only. "allow_once" and
 * "deny" store no grant (they live on the card) but are recorded all the same.
 */
export function permissionDecisionRecord(
  slot: SlotRecord,
  answer: PermissionDecision,
  answerer: PermissionAnswerer,
): PermissionDecisionRecord {
  const input = answer.editedInput ?? (slot.props as PermissionRequestProps).input;
  const inputKey = permissionInputKey(input);
  const decidedBy = answerer.userId ?? null;
  const base = {
    decision: answer.decision,
    decided_by: decidedBy,
    tool_name: slot.tool_name,
    input_key: inputKey,
    ...(answer.reason !== undefined && { reason: answer.reason }),
  };
  if (answer.decision === "allow_tool_always") {
    return {
      ...base,
      scope: "organization",
      grant: { tool_name: slot.tool_name, input_key: null, user_id: null, status: "granted", granted_by: decidedBy },
    };
  }
  if (answer.decision === "allow_input_always") {
    const userId = answerer.isAdmin ? null : decidedBy;
    return {
      ...base,
      scope: userId ? "person" : "organization",
      grant: { tool_name: slot.tool_name, input_key: inputKey, user_id: userId, status: "granted", granted_by: decidedBy },
    };
  }
  return { ...base, scope: "call" };
}
