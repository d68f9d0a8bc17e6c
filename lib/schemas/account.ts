import { z } from "zod";
import { shortText, trimmedText } from "./text";

/** Shapes of account and team requests: validated on the server, reused by the forms in the browser. */

export const emailSchema = trimmedText()
  .toLowerCase()
  .max(254, "Use an email address of at most 254 characters.")
  .pipe(z.email({ message: "Enter a valid email address, like ada@example.com." }));

// A new password is refused with what the short fields refuse: an unpaired surrogate has no UTF-8 form,
// so two different passwords would hash alike. Signing in checks any string (nothing is stored).
export const passwordSchema = shortText()
  .min(10, "Use a password of at least 10 characters.")
  .max(200, "Use a password of at most 200 characters.");

export const personNameSchema = trimmedText().min(1, "Enter your name.").max(100, "Use at most 100 characters for the name.");

export const organizationNameSchema = trimmedText()
  .min(2, "Use at least 2 characters for the team name.")
  .max(80, "Use at most 80 characters for the team name.");

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: personNameSchema,
  organization: organizationNameSchema.optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1, "Enter your password.").max(200) });

export const roleSchema = z.enum(["owner", "admin", "member"]);
export type RoleName = z.infer<typeof roleSchema>;

export const createInviteSchema = z.object({ email: emailSchema, role: roleSchema.default("member") });
export const changeRoleSchema = z.object({ role: roleSchema });
export const acceptInviteSchema = z.object({ token: shortText().min(20).max(200) });
export const createOrganizationSchema = z.object({ name: organizationNameSchema });
export const renameOrganizationSchema = z.object({ name: organizationNameSchema });
export const updateProfileSchema = z.object({ name: personNameSchema });
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(200),
  newPassword: passwordSchema,
});
