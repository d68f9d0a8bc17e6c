import type { SlotRecord } from "@/lib/agent";
import { FormError, type FormView } from "@/lib/forms";
import { recordAudit } from "@/lib/db/audit";
import type { TenantContext } from "@/lib/db/tenant-context";
import { logger } from "@/lib/server/logger";
import { FORM_APPROVAL, FORM_CONFIRM, formApprovalAnswer, formApprovalProps, formConfirmProps } from "@/lib/tools/forms/shape";
import { personActor } from "./person-actor";
import { openInstanceRuntime } from "./runtime";

/**
 * What a form card's answer does, done where the answer is given because only there is the person
 * known: an approval decides the checkpoint as the admin who answered (and is audited), a
 * confirmation submits exactly the version the card showed as the person who confirmed. The tool,
 * run again when its run continues, finds this done (the runner's decision is idempotent per key;
 * the submit tool reads the status). A stale confirmation stores nothing and the tool says so.
 * Never throws: the answer is already stored, so a failure here is logged and the tool goes on.
 */
export async function applyFormCardAnswer(
  ctx: TenantContext,
  conversationId: string,
  slot: SlotRecord,
  recordUpdate: (view: FormView) => Promise<void>,
): Promise<void> {
  if (slot.renderer !== FORM_APPROVAL && slot.renderer !== FORM_CONFIRM) return;
  try {
    if (slot.renderer === FORM_APPROVAL) await decideApproval(ctx, conversationId, slot, recordUpdate);
    else await submitConfirmed(ctx, conversationId, slot, recordUpdate);
  } catch (error) {
    if (error instanceof FormError)
      logger.info("a form card's answer changed nothing", { conversationId, code: error.code, message: error.message });
    else logger.error("a form card's answer could not be applied", { conversationId, slotId: slot.id, error });
  }
}

async function decideApproval(
  ctx: TenantContext,
  conversationId: string,
  slot: SlotRecord,
  recordUpdate: (view: FormView) => Promise<void>,
) {
  const props = formApprovalProps.parse(slot.props);
  const decision =
    slot.status === "resolved" ? formApprovalAnswer.parse(slot.value) : { approved: false, ...(slot.reason && { note: slot.reason }) };
  const runtime = await openInstanceRuntime(ctx, conversationId, props.instanceId);
  if (!runtime) return;
  const by = await personActor(ctx);
  const report = await runtime.runner.resolveCheckpoint(props.instanceId, props.key, { ...decision, by });
  await recordAudit({
    organizationId: ctx.organizationId,
    actorId: ctx.userId,
    action: "form.approval",
    target: props.instanceId,
    metadata: {
      conversationId,
      form: report.view.formId,
      formName: props.formName,
      key: props.key,
      approved: decision.approved,
      ...(decision.note && { note: decision.note }),
    },
  });
  await recordUpdate(report.view);
}

async function submitConfirmed(
  ctx: TenantContext,
  conversationId: string,
  slot: SlotRecord,
  recordUpdate: (view: FormView) => Promise<void>,
) {
  if (slot.status !== "resolved") return;
  const props = formConfirmProps.parse(slot.props);
  const runtime = await openInstanceRuntime(ctx, conversationId, props.instanceId);
  if (!runtime) return;
  const report = await runtime.runner.submit(props.instanceId, { version: props.version, by: await personActor(ctx) });
  await recordUpdate(report.view);
}
