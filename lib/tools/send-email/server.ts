import { defineTool, success } from "@/lib/agent";
import { sendEmail, type SendEmailInput } from "./shape";

/** Where "sent" emails go. No mail server exists here: delivery is a row in the team's demo mailbox. */
export interface DemoMailbox {
  /** Idempotent by `toolCallId`: a call that runs again stores nothing new. */
  record(email: SendEmailInput & { toolCallId: string }): Promise<{ id: string; createdAt: string }>;
}

export const SIMULATED_DELIVERY_NOTE =
  "Simulated delivery: the email was stored in the team's demo mailbox; no mail server is connected, so nothing left Handoff.";

/** Permission-gated: a person allows (an admin may edit the email first) before `do` runs. Unabortable once it runs. */
export const createSendEmailTool = (mailbox: DemoMailbox) =>
  defineTool({
    name: sendEmail.name,
    description:
      "Send an email on the team's behalf. A person must allow each email before it is sent (they may edit it first). " +
      "Delivery is simulated: the email lands in the team's demo mailbox.",
    inputSchema: sendEmail.input,
    requiresPermission: true,
    permissionInputEditable: true,
    // Writing the email is a side effect: once started it finishes, and its result says it was sent.
    unAbortable: true,
    async do(input, _display, _glove, _signal, ctx) {
      const stored = await mailbox.record({ ...input, toolCallId: ctx.callId });
      return {
        ...success({ simulated: true, mailbox_id: stored.id, to: input.to, subject: input.subject, stored_at: stored.createdAt }),
        message: SIMULATED_DELIVERY_NOTE,
      };
    },
  });
