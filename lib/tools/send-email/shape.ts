import { z } from "zod";
import { defineToolShape } from "../shape";

/** A permission-gated action: the demo "sends" to the team's demo mailbox (no mail server exists here). */
export const SEND_EMAIL = "send_email";

export const sendEmailInput = z.object({
  to: z.email({ message: "to must be an email address" }).max(254).describe("The recipient's email address."),
  subject: z.string().trim().min(1).max(200).describe("The subject line."),
  body: z.string().max(5000).describe("The email's text, plain text, as it will be sent."),
});
export const sendEmail = defineToolShape({ name: SEND_EMAIL, input: sendEmailInput });
export type SendEmailInput = z.infer<typeof sendEmailInput>;
