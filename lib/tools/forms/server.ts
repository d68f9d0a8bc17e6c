import type { z } from "zod";
import {
  defineTool,
  failure,
  SlotRejectedError,
  success,
  type GloveTool,
  type PermissionAnswerer,
  type SlotAnswerAudit,
  type SlotRecord,
  type SlotSettlement,
  type ToolCallContext,
  type ToolDisplay,
  type ToolResultPayload,
} from "@/lib/agent";
import {
  FormError,
  formErrorResult,
  type FillReport,
  type FormActor,
  type FormRunner,
  type FormView,
  type InspectQuery,
} from "@/lib/forms";
import {
  formApprovalAnswer,
  formApprovalProps,
  formConfirmAnswer,
  formConfirmProps,
  FORM_APPROVAL,
  FORM_CARD,
  FORM_CONFIRM,
  FORM_TOOL_NAMES,
  formAbandonInput,
  formCardProps,
  formFillInput,
  formHistoryInput,
  formInspectInput,
  formListInput,
  formReviseInput,
  formStartInput,
  formStatusInput,
  formSubmitInput,
  type FormApprovalAnswer,
  type FormApprovalProps,
  type FormConfirmAnswer,
  type FormValueRow,
  type FormWriteData,
} from "./shape";

/** What the form tools need of the server: a runner scoped to the tenant + conversation (built on first use), and the `form_updated` recorder. */
export interface FormToolDeps {
  runner(): Promise<FormRunner>;
  recordUpdate(view: FormView): Promise<void>;
}

/** The agent as a writer: a person's value then wins over its later guesses (the engine's lock). */
const AGENT: FormActor = { kind: "agent", name: "Agent" };
/** A declined card carries no answer, so no answerer: the decision is then by "the approver". */
const APPROVER: FormActor = { kind: "person", name: "the approver" };

const ERROR_CODES =
  "Errors come as {status: 'error', message, data: {code}}: unknown_form (data.did_you_mean names close forms), " +
  "no_active_form (start one first), ambiguous_instance (several are open: pass instance_id from data.instances), " +
  "unknown_instance, unknown_field / unknown_step (did_you_mean), blocked (waiting for an approval: wait for it), " +
  "closed (submitted, abandoned or terminated: start a new one if needed), stale (the form changed: read it again), " +
  "incomplete (data.missing lists what is needed), nothing_to_undo / nothing_to_redo / nothing_to_retract.";
const WRITE_RULES =
  "Fill several fields in one call whenever the person gave several answers. Field keys may be ids or labels. " +
  "Never override a value the person typed into the card unless they asked for the change in the conversation (then override: true). " +
  "The result lists stored, held (kept until its condition applies), errors (with a hint), unknown (with did_you_mean), " +
  "locked (the person's value stands), missing and complete. A write that crosses an approval checkpoint waits for the approver's card.";

type Display = ToolDisplay<unknown, unknown>;
type FormTool = GloveTool<never, unknown, unknown>;

/** The conversational form tools (Glove's names), over one conversation's runner. */
export function createFormTools(deps: FormToolDeps): GloveTool[] {
  const tools: FormTool[] = [
    tool(
      deps,
      FORM_TOOL_NAMES.list,
      "List the forms you can fill in this conversation and the forms already open here.",
      formListInput,
      async (runner) => {
        const active = await runner.active();
        return success({
          forms: runner.list().map((form) => ({ id: form.id, name: form.name, description: form.description, fields: form.fields })),
          open: active.map((record) => ({ instance_id: record.id, form: record.formId, status: record.status })),
        });
      },
    ),
    defineTool({
      name: FORM_TOOL_NAMES.start,
      description:
        "Start a form by id or name, optionally with answers the person already gave (values). A live card shows the form to the person. " +
        `${WRITE_RULES} ${ERROR_CODES}`,
      inputSchema: formStartInput,
      displayPropsSchema: formCardProps.or(formApprovalProps),
      resolveSchema: formApprovalAnswer,
      answerRole: approvalRole,
      auditAnswer: auditApproval,
      // The live card hides when a newer form starts; the client draws the newest view it has of the instance.
      displayStrategy: "hide-on-new",
      do: guarded(deps, async (runner, input, display, ctx) => {
        const report = await runner.start(input.form, { by: AGENT, values: input.values, key: ctx.callId });
        await display.pushAndForget({ instanceId: report.instanceId, view: report.view }, { renderer: FORM_CARD });
        return afterWrite(deps, runner, display, report);
      }),
    }) as unknown as FormTool,
    tool(
      deps,
      FORM_TOOL_NAMES.status,
      "The open form's current step: each field with its type, value, who gave it and any error, plus progress, missing fields and how to conduct the form. " +
        ERROR_CODES,
      formStatusInput,
      async (runner, input) => {
        const id = await instanceFor(runner, input.instance_id);
        const status = await runner.status(id);
        return success({ ...status, instance_id: id, complete: status.progress.complete });
      },
    ),
    tool(
      deps,
      FORM_TOOL_NAMES.inspect,
      "Look at any part of a form: a step (step), one field (field), or without either the outline of all steps. " + ERROR_CODES,
      formInspectInput,
      async (runner, input) => {
        const id = await instanceFor(runner, input.instance_id);
        const query: InspectQuery = input.field ? { field: input.field } : input.step ? { step: input.step } : {};
        return success({ instance_id: id, ...(await runner.inspect(id, query)) });
      },
    ),
    writeTool(
      deps,
      FORM_TOOL_NAMES.fill,
      `Fill fields of the open form with the person's answers (values: {field: value}). ${WRITE_RULES} ${ERROR_CODES}`,
      formFillInput,
      async (runner, input, ctx) =>
        runner.fill(await instanceFor(runner, input.instance_id), input.values, { by: AGENT, override: input.override, key: ctx.callId }),
    ),
    writeTool(
      deps,
      FORM_TOOL_NAMES.revise,
      "Correct one field: set a new value, retract the answer, or undo / redo its last change (every answer is kept). " +
        `Use it when the person corrects themselves. ${WRITE_RULES} ${ERROR_CODES}`,
      formReviseInput,
      async (runner, input, ctx) =>
        runner.revise(
          await instanceFor(runner, input.instance_id),
          { field: input.field, action: input.action, ...(input.action === "set" && { value: input.value }) },
          { by: AGENT, override: input.override, key: ctx.callId },
        ),
    ),
    defineTool({
      name: FORM_TOOL_NAMES.abandon,
      description: `Abandon the open form when the person no longer wants it. Nothing is submitted. ${ERROR_CODES}`,
      inputSchema: formAbandonInput,
      do: guarded(deps, async (runner, input, _display, ctx) => {
        const report = await runner.abandon(await instanceFor(runner, input.instance_id), {
          by: AGENT,
          reason: input.reason,
          key: ctx.callId,
        });
        await deps.recordUpdate(report.view);
        return success(writeData(report));
      }),
    }) as unknown as FormTool,
    tool(
      deps,
      FORM_TOOL_NAMES.history,
      "Every answer ever given in the form (or one field), oldest first: the value, set / retract / undo / redo, by whom and when. " +
        ERROR_CODES,
      formHistoryInput,
      async (runner, input) => {
        const id = await instanceFor(runner, input.instance_id);
        return success({ instance_id: id, entries: await runner.history(id, { field: input.field }) });
      },
    ),
    defineTool({
      name: FORM_TOOL_NAMES.submit,
      description:
        "Submit the completed form. Call it only when the person said to submit (their go-ahead): a confirmation card then shows " +
        "exactly what will be stored, and it is stored only when they confirm. If they decline, nothing is submitted. If the form " +
        `changed after the card was shown, nothing is stored: call glove_form_submit again for a new card. ${ERROR_CODES}`,
      inputSchema: formSubmitInput,
      // A confirmed submission writes the submission and its webhook event: a Stop must not cut it in half.
      unAbortable: true,
      displayPropsSchema: formConfirmProps,
      resolveSchema: formConfirmAnswer,
      do: guarded(deps, async (runner, input, display, ctx) => {
        const id = await instanceFor(runner, input.instance_id, { includeSubmitted: true });
        const shown = await runner.submission(id);
        let answer: FormConfirmAnswer;
        try {
          answer = (await display.pushAndWait(
            { instanceId: id, formName: shown.view.name, version: shown.version, values: valueRows(shown.view, shown.values) },
            { renderer: FORM_CONFIRM },
          )) as FormConfirmAnswer;
        } catch (error) {
          if (!(error instanceof SlotRejectedError)) throw error;
          return failure(`The form was not submitted: the person declined the confirmation (${error.reason}).`, { code: "declined" });
        }
        // The version the card showed (the answer carries it; this execution may be a later one that read a newer state).
        const stale = failure(
          "The form changed after the confirmation card was shown, so nothing was stored. Call glove_form_submit again to show the current answers.",
          { code: "stale" },
        );
        if (answer.version === undefined) return stale;
        try {
          const report = await runner.submit(id, { version: answer.version, by: answer.by ?? APPROVER, key: ctx.callId });
          await deps.recordUpdate(report.view);
          return success({ instance_id: id, status: report.status });
        } catch (error) {
          if (error instanceof FormError && error.code === "stale") return stale;
          throw error;
        }
      }),
    }) as unknown as FormTool,
  ];
  return tools as GloveTool[];
}

/** A read-only tool: no card, nothing recorded. */
function tool<S extends z.ZodType>(
  deps: FormToolDeps,
  name: string,
  description: string,
  inputSchema: S,
  run: (runner: FormRunner, input: z.infer<S>) => Promise<ToolResultPayload>,
): FormTool {
  return defineTool({
    name,
    description,
    inputSchema: inputSchema as z.ZodType<z.infer<S>>,
    do: guarded(deps, run),
  }) as unknown as FormTool;
}

/** fill / revise: a write that may raise the approval card. */
function writeTool<S extends z.ZodType>(
  deps: FormToolDeps,
  name: string,
  description: string,
  inputSchema: S,
  write: (runner: FormRunner, input: z.infer<S>, ctx: ToolCallContext) => Promise<FillReport>,
): FormTool {
  return defineTool({
    name,
    description,
    inputSchema: inputSchema as z.ZodType<z.infer<S>>,
    displayPropsSchema: formApprovalProps,
    resolveSchema: formApprovalAnswer,
    answerRole: approvalRole,
    auditAnswer: auditApproval,
    do: guarded(deps, async (runner, input, display, ctx) => afterWrite(deps, runner, display, await write(runner, input, ctx))),
  }) as unknown as FormTool;
}

/** Engine errors become `{status: "error", message, data: {code}}` the model can act on; anything else is a bug and throws. */
function guarded<I>(
  deps: FormToolDeps,
  run: (runner: FormRunner, input: I, display: Display, ctx: ToolCallContext) => Promise<ToolResultPayload>,
) {
  return async (input: I, display: ToolDisplay<never, never>, _glove: unknown, _signal: AbortSignal, ctx: ToolCallContext) => {
    try {
      return await run(await deps.runner(), input, display as unknown as Display, ctx);
    } catch (error) {
      if (!(error instanceof FormError)) throw error;
      const { message, data } = formErrorResult(error);
      return failure(message, data);
    }
  };
}

/**
 * After a write: record the new view, and when a blocking checkpoint fired, wait for its approval
 * card and decide it as the person who answered. Run again after the answer, the write finds its key
 * applied (nothing written twice) and the instance still awaiting this key; deciding is idempotent too.
 */
async function afterWrite(deps: FormToolDeps, runner: FormRunner, display: Display, report: FillReport): Promise<ToolResultPayload> {
  await deps.recordUpdate(report.view);
  const awaiting = report.awaiting;
  if (!awaiting?.card) return success(writeData(report));
  const props: FormApprovalProps = {
    instanceId: report.instanceId,
    formName: report.view.name,
    checkpointId: awaiting.checkpointId,
    key: awaiting.key,
    title: awaiting.card.title,
    ...(awaiting.card.body && { body: awaiting.card.body }),
    approverRole: awaiting.card.approverRole,
    values: valueRows(report.view),
  };
  let decision: FormApprovalAnswer;
  try {
    decision = (await display.pushAndWait(props, { renderer: FORM_APPROVAL })) as FormApprovalAnswer;
  } catch (error) {
    if (!(error instanceof SlotRejectedError)) throw error;
    decision = { approved: false, note: error.reason };
  }
  const { by, ...choice } = decision;
  const decided = await runner.resolveCheckpoint(report.instanceId, awaiting.key, { ...choice, by: by ?? APPROVER });
  await deps.recordUpdate(decided.view);
  return success({ ...writeData({ ...decided, stored: report.stored, held: report.held }), approval: choice });
}

/** An approval card answered or declined: who decided which form's checkpoint, and how (`form.approval`, stored with the answer). */
function auditApproval(slot: SlotRecord, settlement: SlotSettlement, answerer: PermissionAnswerer): SlotAnswerAudit | null {
  const props = formApprovalProps.safeParse(slot.props);
  if (slot.renderer !== FORM_APPROVAL || !props.success) return null;
  const answer = settlement.status === "resolved" ? formApprovalAnswer.safeParse(settlement.value) : null;
  const note = answer?.success ? answer.data.note : settlement.status === "rejected" ? settlement.reason : undefined;
  return {
    action: "form.approval",
    actorId: answerer.userId ?? null,
    target: props.data.instanceId,
    metadata: {
      formName: props.data.formName,
      checkpoint: props.data.checkpointId,
      key: props.data.key,
      approved: answer?.success ? answer.data.approved : false,
      ...(note && { note }),
    },
  };
}

function approvalRole(props: unknown): "member" | "admin" {
  const parsed = formApprovalProps.safeParse(props);
  return parsed.success && parsed.data.approverRole === "admin" ? "admin" : "member";
}

/** The instance a call means: the given id (or its #prefix), else the one open form; several open is `ambiguous_instance`. */
async function instanceFor(runner: FormRunner, given: string | undefined, options: { includeSubmitted?: boolean } = {}): Promise<string> {
  const active = await runner.active();
  if (given) {
    const wanted = given.replace(/^#/, "");
    const matches = active.filter((record) => record.id === wanted || record.id.startsWith(wanted));
    // Not among the open ones: maybe a closed instance (history, inspect); the runner says unknown_instance if it is none.
    return matches.length === 1 ? matches[0].id : wanted;
  }
  if (active.length === 1) return active[0].id;
  if (active.length === 0)
    throw new FormError(
      "no_active_form",
      options.includeSubmitted
        ? "No form is open here to submit."
        : "No form is open in this conversation. Start one with glove_form_start.",
    );
  throw new FormError("ambiguous_instance", "Several forms are open here; pass instance_id to say which one.", {
    instances: active.map((record) => ({ instance_id: record.id, form: record.formId, status: record.status })),
  });
}

/** A write's report for the model: labels, not ids, where it reads them. */
export function writeData(report: FillReport): FormWriteData {
  const labels = labelsOf(report.view);
  const label = (id: string) => labels.get(id) ?? id;
  return {
    instance_id: report.instanceId,
    status: report.status,
    stored: report.stored.map(label),
    held: report.held.map(label),
    errors: report.errors.map((e) => ({ field: e.field, label: label(e.field), message: e.message, hint: e.hint })),
    unknown: report.unknown,
    locked: report.locked.map((l) => ({ field: l.field, label: label(l.field), message: l.message })),
    missing: report.view.missing,
    complete: report.complete,
    line: report.line,
  };
}

function labelsOf(view: FormView): Map<string, string> {
  return new Map(view.steps.flatMap((step) => step.fields.map((field) => [field.id, field.label] as const)));
}

/** The live answers as a card lists them, in form order; `values` (the submission's) when given, else the view's. */
export function valueRows(view: FormView, values?: Record<string, unknown>): FormValueRow[] {
  return view.steps.flatMap((step) =>
    step.fields.flatMap((field) => {
      const value = values ? values[field.id] : field.held ? undefined : field.value;
      return value === undefined ? [] : [{ id: field.id, label: field.label, display: displayValue(value) }];
    }),
  );
}

/** A value as text: what the person reads is what is stored. */
export function displayValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(displayValue).join(", ");
  return JSON.stringify(value);
}
