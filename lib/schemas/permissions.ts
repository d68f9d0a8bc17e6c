import { z } from "zod";
import { personSchema } from "./team";

const isoDate = z.string().describe("ISO 8601 timestamp");

/** A stored grant or denial, as Settings → Permissions lists it. */
export const permissionGrantSchema = z.object({
  id: z.string(),
  toolName: z.string(),
  /** "granted": runs without a card; "denied": refused without a card. */
  status: z.enum(["granted", "denied"]),
  /** Shown to the model when a denial blocks a call. */
  reason: z.string().nullable(),
  /** The exact input the record covers; null: every input. */
  input: z.unknown(),
  allInputs: z.boolean(),
  /** "organization": everyone in it; "person": only `coveredUser`, in runs they start. */
  scope: z.enum(["organization", "person"]),
  coveredUser: personSchema.nullable(),
  grantedBy: personSchema.nullable(),
  createdAt: isoDate,
  /** Whether the viewer may revoke it: admins any, members their own. */
  revocable: z.boolean(),
});
export type PermissionGrant = z.infer<typeof permissionGrantSchema>;

/** A member's ask, from a card, for an organization-wide grant. */
export const permissionRequestSchema = z.object({
  id: z.string(),
  toolName: z.string(),
  /** The exact input asked for; null: every input of the tool. */
  input: z.unknown(),
  allInputs: z.boolean(),
  status: z.enum(["pending", "approved", "declined"]),
  requestedBy: personSchema,
  decidedBy: personSchema.nullable(),
  decidedAt: isoDate.nullable(),
  conversationId: z.string(),
  slotId: z.string(),
  createdAt: isoDate,
});
export type PermissionRequest = z.infer<typeof permissionRequestSchema>;

/** `GET /api/orgs/{slug}/permissions`: what the viewer may see (admins: everyone's; members: their own). */
export const permissionsPageSchema = z.object({
  grants: z.array(permissionGrantSchema),
  requests: z.array(permissionRequestSchema),
});
export type PermissionsPage = z.infer<typeof permissionsPageSchema>;

/** `POST /api/orgs/{slug}/permissions/requests/{id}`: an owner's or admin's decision on a request. */
export const permissionRequestDecisionSchema = z.object({
  decision: z.enum(["approve", "decline"]).describe('"approve" stores the grant for everyone; "decline" stores nothing'),
});
