import { z } from "zod";
import { roleSchema } from "./account";

/**
 * Wire shapes of the account and team API's answers: routes shape their responses with these
 * (parsing drops whatever else a row carries, such as a password hash), the browser types its
 * reads with the inferred types (`import type` only: the client bundle carries no zod for them),
 * and the public API's OpenAPI document will be generated from them. Dates travel as ISO strings.
 */

const isoDate = z.string().describe("ISO 8601 timestamp");
export const personSchema = z.object({ id: z.string(), name: z.string().nullable(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

export const accountSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export const accountResponseSchema = z.object({ user: accountSchema });
export type Account = z.infer<typeof accountSchema>;

export const memberSchema = z.object({ userId: z.string(), name: z.string(), email: z.string(), role: roleSchema, joinedAt: isoDate });
export type Member = z.infer<typeof memberSchema>;
export const membersResponseSchema = z.object({ members: z.array(memberSchema), you: z.object({ userId: z.string(), role: roleSchema }) });
export type MembersResponse = z.infer<typeof membersResponseSchema>;

export const inviteSchema = z.object({ id: z.string(), email: z.string(), role: roleSchema, createdAt: isoDate, expiresAt: isoDate });
export type Invite = z.infer<typeof inviteSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  metadata: z.unknown(),
  ip: z.string().nullable(),
  createdAt: isoDate,
  actor: personSchema.nullable(),
});
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
