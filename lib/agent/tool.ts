import { z } from "zod";
import type { FieldIssue } from "./errors";
import type { ToolResultPayload } from "./messages";
import type { ModelAdapter, ModelToolSpec } from "./model-adapter";
import type { PermissionAnswerer } from "./permissions";
import type { DisplayStrategy, SlotAnswerAudit, SlotRecord, SlotSettlement } from "./store-adapter";

/** What `do` gets besides its input. `callId` is stable across re-executions: use it as an idempotency key. */
export interface ToolCallContext {
  callId: string;
  runId: string;
  toolName: string;
}

/** The durable display stack as one tool call sees it (see display-manager.ts). */
export interface ToolDisplay<P = unknown, R = unknown> {
  /** Shows a card and returns its answer; suspends the run until there is one. Throws `SlotRejectedError` on rejection. */
  pushAndWait(props: P, options?: { renderer?: string }): Promise<R>;
  /** Shows a card that needs no answer; returns its slot id. */
  pushAndForget(props: P, options?: { renderer?: string }): Promise<string>;
  /**
   * The card the next push will match, when an earlier execution of this call stored it (null: the
   * next push is new). Lets a tool replay its settled cards before it acts again, so a declined one
   * stops it before the side effect (the connector tools' reconnect card).
   */
  peek(): Promise<SlotRecord | null>;
}

/**
 * The running agent as a tool sees it. Deliberately small: no store, no slot resolution, so a
 * tool (and therefore the model) can never grant a permission or answer its own card.
 */
export interface GloveToolHandle {
  fold(tool: GloveTool): void;
  readonly model: ModelAdapter;
}

// Method-style signature so a tool typed for its own input is assignable to GloveTool<unknown>.
type InputPredicate<I> = { check(input: I): boolean }["check"];

export interface GloveTool<I = unknown, P = unknown, R = unknown> {
  name: string;
  description: string;
  /** What people read for the tool when its name in words would not do ("Acme CRM: Look up contact"); its permission card carries it. */
  title?: string;
  /** One zod schema validates the input before `do` and becomes the model's JSON schema. */
  inputSchema?: z.ZodType<I>;
  /** A raw JSON schema instead (input is then passed through unvalidated, as in Glove). */
  jsonSchema?: Record<string, unknown>;
  /** Validates what `do` pushes to the display. */
  displayPropsSchema?: z.ZodType<P>;
  /** Validates a card's answer before it is stored. */
  resolveSchema?: z.ZodType<R>;
  /**
   * `resolveSchema` narrowed by the card's own props (a choice must be one of the options offered).
   * `resolveSlot` validates with it, once; `do` then trusts the answer it gets.
   */
  answerFor?(props: P): z.ZodType<R>;
  /**
   * Who may answer or decline a card of this tool, from its props (default anyone with the
   * conversation): "admin" means owners and admins only (a manager's approval). Checked by
   * resolveSlot and rejectSlot with the answerer's `isAdmin`.
   */
  answerRole?(props: P): "member" | "admin";
  /**
   * What an answer to (or decline of) one of this tool's cards leaves in the audit trail; stored by
   * `settleSlot` in the same write as the settlement, so a decision is never kept without its record.
   */
  auditAnswer?(slot: SlotRecord, settlement: SlotSettlement, answerer: PermissionAnswerer): SlotAnswerAudit | null;
  /** When the client hides this tool's cards (default "stay"). */
  displayStrategy?: DisplayStrategy;
  /** Ask a person (or the stored/tenant policy) before `do` runs. */
  requiresPermission?: boolean | InputPredicate<I>;
  /** Whether the permission card lets an admin edit the input before allowing it. */
  permissionInputEditable?: boolean;
  /** Runs to completion even when the run is aborted. */
  unAbortable?: boolean;
  do(input: I, display: ToolDisplay<P, R>, glove: GloveToolHandle, signal: AbortSignal, ctx: ToolCallContext): Promise<ToolResultPayload>;
  /**
   * Wraps every execution of `do` (after the permission check): `run` executes it, and may throw
   * (abort, suspension), which `around` passes on. For work that brackets a call, such as paired events.
   */
  around?(input: I, ctx: ToolCallContext, run: () => Promise<ToolResultPayload>): Promise<ToolResultPayload>;
}

/** Identity helper that infers I, P and R from the schemas. */
export function defineTool<I, P = unknown, R = unknown>(tool: GloveTool<I, P, R>): GloveTool<I, P, R> {
  return tool;
}

export const success = (data: unknown, renderData?: unknown): ToolResultPayload =>
  renderData === undefined ? { status: "success", data } : { status: "success", data, renderData };

export const failure = (message: string, data: unknown = null): ToolResultPayload => ({ status: "error", data, message });

/** The tool as the model sees it. zod 4 turns the input schema into JSON schema. */
export function toolSpec(tool: GloveTool): ModelToolSpec {
  return { name: tool.name, description: tool.description, input_schema: inputJsonSchema(tool) };
}

// zod schemas are immutable and tools are rebuilt per request from the same schemas: convert each once.
const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();

function inputJsonSchema(tool: GloveTool): Record<string, unknown> {
  if (tool.jsonSchema) return tool.jsonSchema;
  if (!tool.inputSchema) return { type: "object", properties: {} };
  let schema = jsonSchemas.get(tool.inputSchema);
  if (!schema) {
    // "input" so fields with defaults are optional for the model, as they are for validation.
    const { $schema: _ignored, ...converted } = z.toJSONSchema(tool.inputSchema, { io: "input", unrepresentable: "any" });
    schema = converted;
    jsonSchemas.set(tool.inputSchema, schema);
  }
  return schema;
}

export function requiresPermission(tool: GloveTool, input: unknown): boolean {
  const rule = tool.requiresPermission;
  return typeof rule === "function" ? rule(input) : rule === true;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string; issues: FieldIssue[] };

/** Parses with a zod schema; a failure names every bad field, in one message (for the model) and per field (for a form). */
export function validateWith<T>(schema: z.ZodType<T>, value: unknown, what: string): Validated<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  const problems = issues.map((issue) => `${issue.path || "(root)"}: ${issue.message}`);
  return { ok: false, message: `Invalid ${what}. ${problems.join("; ")}`, issues };
}

export function validateToolInput(tool: GloveTool, input: unknown): Validated<unknown> {
  if (!tool.inputSchema) return { ok: true, value: input };
  return validateWith(tool.inputSchema, input, `input for tool "${tool.name}"`);
}
