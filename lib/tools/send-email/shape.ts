import { z } from "zod";
import { defineToolShape } from "../shape";

/** A permission-gated action: the demo "sends" to the team's demo mailbox (no mail server exists here). */
export const SEND_EMAIL = "send_email";

export const sendEmailInput = z.object({
  to: z.email({ message: "to must be an email address" }).max(254),
  subject: z.string().trim().min(1).max(200),
  body: z.string().max(5000),
});
export const sendEmail = defineToolShape({ name: SEND_EMAIL, input: sendEmailInput });
export type SendEmailInput = z.infer<typeof sendEmailInput>;
