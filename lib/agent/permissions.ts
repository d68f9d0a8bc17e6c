import { z } from "zod";
import { canonicalJson } from "./canonical-json";
import { PERMISSION_SLOT_INDEX, waitForSlot, type SlotScope } from "./display-manager";
import { ForbiddenError, SlotRejectedError, ValidationError } from "./errors";
import type { PermissionDecisionRecord, PermissionRecord, SlotRecord, StoreAdapter } from "./store-adapter";
import { validateToolInput, validateWith, type GloveTool } from "./tool";

export const PERMISSION_RENDERER = "permission_request";

/** The answer to a `permission_request` card. */
export const permissionDecisionSchema = z.object({
  decision: z.enum(["allow_once", "allow_input_always", "allow_tool_always", "request_organization", "deny", "deny_always"]),
  /**
   * Whom an "always" (grant or denial) covers: the person answering or the whole organization
   * (owners and admins only). Default: the organization for admins, the person for members.
   */
  scope: z.enum(["person", "organization"]).optional(),
  /** `request_organization` only: ask for this exact input or for every input of the tool (the default). */
  covers: z.enum(["input", "tool"]).optional(),
  /** Shown to the model when denied. */
  reason: z.string().max(2000).optional(),
  /** Admins only (the server decides who may): replaces the input, re-validated, then used verbatim. */
  editedInput: z.unknown().optional(),
});
export type PermissionDecision = z.infer<typeof permissionDecisionSchema>;

/** Whether an answer refuses the call ("deny" for this call, "deny_always" stored as well). */
export const isDenial = (decision: PermissionDecision["decision"]) => decision === "deny" || decision === "deny_always";

/** The props of a `permission_request` card. */
export interface PermissionRequestProps {
  tool_name: string;
  /** The tool's own title for people, when it has one (`GloveTool.title`); otherwise the card writes the name in words. */
  tool_title?: string;
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

  const props: PermissionRequestProps = {
    tool_name: tool.name,
    ...(tool.title && { tool_title: tool.title }),
    input,
    input_editable: tool.permissionInputEditable === true,
  };
  let answer: PermissionDecision;
  try {
    answer = permissionDecisionSchema.parse(
      await waitForSlot(scope, { index: PERMISSION_SLOT_INDEX, renderer: PERMISSION_RENDERER, props, strategy: "hide-on-complete" }),
    );
  } catch (error) {
    if (error instanceof SlotRejectedError) return { allowed: false, reason: error.reason };
    throw error;
  }
  if (isDenial(answer.decision)) return { allowed: false, reason: answer.reason ?? "No reason given." };
  if (answer.editedInput === undefined) return { allowed: true, input, inputEdited: false };
  const edited = validateToolInput(tool, answer.editedInput);
  if (!edited.ok) return { allowed: false, reason: `The edited input was not valid. ${edited.message}` };
  return { allowed: true, input: edited.value, inputEdited: true };
}

/**
 * The stored records that cover this call: the starter's own (a member's "always" covers only runs
 * that member started, so another person's message never rides on it) and the organization's, each
 * for this input and for the whole tool. A denial among them wins over any grant: an admin's
 * "never" is not undone by a member's own "always", and a person's own "never" holds for them.
 */
async function storedPermission(store: StoreAdapter, runId: string, toolName: string, input: unknown) {
  const inputKey = permissionInputKey(input);
  const run = await store.getRun(runId);
  const owners = run?.started_by ? [run.started_by, null] : [null];
  const records = await Promise.all(
    owners.flatMap((userId) => [store.getPermission(toolName, inputKey, userId), store.getPermission(toolName, null, userId)]),
  );
  const covering = records.filter((record): record is PermissionRecord => record !== null);
  return covering.find((record) => record.status === "denied") ?? covering[0] ?? null;
}

/** Who is answering a card, as the server knows it. */
export interface PermissionAnswerer {
  userId?: string;
  /** The person's name as the card will say it ("Chosen by Ann Lee"); stored with the settlement. */
  name?: string;
  /** Owners and admins: may edit the input and grant for the whole organization. */
  isAdmin: boolean;
}

/** Whom an "always" covers: as asked, else the organization for admins and the person for members. */
const scopeOf = (answer: PermissionDecision, answerer: PermissionAnswerer) =>
  answer.scope ?? (answerer.isAdmin ? "organization" : "person");

const ALWAYS = new Set<PermissionDecision["decision"]>(["allow_input_always", "allow_tool_always", "deny_always"]);

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
  if (ALWAYS.has(answer.decision) && scopeOf(answer, answerer) === "organization" && !answerer.isAdmin) {
    throw new ForbiddenError(ORGANIZATION_WIDE_IS_FOR_ADMINS);
  }
  if (ALWAYS.has(answer.decision) && !answerer.isAdmin && !answerer.userId) {
    throw new ValidationError("Only a signed-in person can store an answer for themselves. Allow or deny this call once.");
  }
  if (answer.decision === "request_organization") {
    if (answerer.isAdmin) throw new ValidationError(REQUEST_IS_FOR_MEMBERS);
    if (!answerer.userId) throw new ValidationError("Only a signed-in person can ask an admin for a grant. Allow or deny this call once.");
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

export const ORGANIZATION_WIDE_IS_FOR_ADMINS =
  'Only an owner or admin can decide for everyone in the organization. Store it for yourself (scope "person"), or ask an admin to allow it for everyone.';

const REQUEST_IS_FOR_MEMBERS =
  'You are an owner or admin: allow it for everyone yourself ("allow_input_always" or "allow_tool_always") instead of asking.';

/**
 * What an answer means for the store: the grant or denial it stores, the request it files and the
 * audit trail's entry. A grant covers the input that will actually run (the edited one if any).
 * "allow_once" and "deny" store nothing (they live on the card); "request_organization" runs this
 * call once and files a pending request an admin settles. Every answer is recorded.
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
  const scope = scopeOf(answer, answerer);
  const userId = scope === "organization" ? null : decidedBy;
  const stored = (input_key: string | null, status: "granted" | "denied") => ({
    ...base,
    scope,
    grant: {
      tool_name: slot.tool_name,
      input_key,
      user_id: userId,
      status,
      granted_by: decidedBy,
      ...(status === "denied" && answer.reason !== undefined && { reason: answer.reason }),
    },
  });
  switch (answer.decision) {
    case "allow_tool_always":
      return stored(null, "granted");
    case "allow_input_always":
      return stored(inputKey, "granted");
    case "deny_always":
      return stored(null, "denied");
    case "request_organization":
      return {
        ...base,
        scope: "call",
        request: { tool_name: slot.tool_name, input_key: answer.covers === "input" ? inputKey : null, requested_by: decidedBy ?? "" },
      };
    default:
      return { ...base, scope: "call" };
  }
}
