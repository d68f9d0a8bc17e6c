import type { SlotRecord } from "@/lib/agent";
import { recordAudit } from "@/lib/db/audit";
import type { TenantContext } from "@/lib/db/tenant-context";
import { FORM_APPROVAL, FORM_CONFIRM, formApprovalAnswer, formApprovalProps, formConfirmProps } from "@/lib/tools/forms/shape";
import { personActor } from "./person-actor";

/**
 * A form card's answer as it is stored: only the server knows who answered, so it sets `by` (the
 * signed-in person; whatever the client sent there is replaced) and, for a confirmation, the
 * `version` the card showed. The tool then decides the checkpoint or submits exactly that version as
 * that person when its run continues. Other cards' answers pass unchanged.
 */
export async function formCardAnswerValue(ctx: TenantContext, slot: SlotRecord, value: unknown): Promise<unknown> {
  if (slot.renderer !== FORM_APPROVAL && slot.renderer !== FORM_CONFIRM) return value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const { kind, id, name } = await personActor(ctx);
  const by = { kind, id, name };
  if (slot.renderer === FORM_APPROVAL) return { ...value, by };
  const props = formConfirmProps.safeParse(slot.props);
  return { ...value, by, ...(props.success && { version: props.data.version }) };
}

/** An approval card answered or declined: who decided which form's checkpoint, and how (audit log `form.approval`). */
export async function auditFormApproval(ctx: TenantContext, conversationId: string, slot: SlotRecord): Promise<void> {
  if (slot.renderer !== FORM_APPROVAL) return;
  const props = formApprovalProps.safeParse(slot.props);
  if (!props.success) return;
  const answer = slot.status === "resolved" ? formApprovalAnswer.safeParse(slot.value) : null;
  const approved = answer?.success ? answer.data.approved : false;
  const note = answer?.success ? answer.data.note : slot.reason;
  await recordAudit({
    organizationId: ctx.organizationId,
    actorId: ctx.userId,
    action: "form.approval",
    target: props.data.instanceId,
    metadata: {
      conversationId,
      formName: props.data.formName,
      checkpoint: props.data.checkpointId,
      key: props.data.key,
      approved,
      ...(note && { note }),
    },
  });
}
