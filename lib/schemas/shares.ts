import { z } from "zod";
import { idSchema, slugSchema } from "./text";

/**
 * Wire shapes of share links (docs/sharing.md): what the sharer sends and lists, and the read-only
 * view a link opens. The view is built from the stored messages by lib/server/shares/shared-view.ts;
 * it carries no ids, no e-mail addresses, no tool inputs or results.
 */

export const SHARE_AUDIENCES = ["people", "organization", "public"] as const;
export const shareAudienceSchema = z.enum(SHARE_AUDIENCES, "Use an audience of people, organization or public.");
export type ShareAudience = z.infer<typeof shareAudienceSchema>;

export const SHARE_MODES = ["snapshot", "live"] as const;
export const shareModeSchema = z.enum(SHARE_MODES, "Use a mode of snapshot or live.");
export type ShareMode = z.infer<typeof shareModeSchema>;

/** How long a link lasts, in days; null: until it is revoked. */
export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
export const shareExpirySchema = z.union([z.literal(1), z.literal(7), z.literal(30), z.null()], {
  error: "Use an expiry of 1, 7 or 30 days, or null for never.",
});

export const SHARE_PEOPLE_MAX = 50;

/** POST /api/conversations/{id}/shares. `people` only for the audience "people" (members of the organization, by user id). */
export const shareCreateSchema = z
  .object({
    audience: shareAudienceSchema,
    mode: shareModeSchema,
    expiresInDays: shareExpirySchema,
    people: z.array(idSchema).max(SHARE_PEOPLE_MAX, `Pick at most ${SHARE_PEOPLE_MAX} people.`).default([]),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.audience === "people" && input.people.length === 0)
      ctx.addIssue({ code: "custom", path: ["people"], message: "Pick at least one person to share with." });
    if (input.audience !== "people" && input.people.length > 0)
      ctx.addIssue({ code: "custom", path: ["people"], message: "People are picked only for the audience people." });
  });
export type ShareCreateInput = z.infer<typeof shareCreateSchema>;

/** One link as the conversation's members list it: the token's first characters, never the token. */
export const shareLinkSchema = z.object({
  id: z.string(),
  tokenPrefix: z.string(),
  audience: shareAudienceSchema,
  people: z.array(z.object({ userId: z.string(), name: z.string() })),
  mode: shareModeSchema,
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  lastViewedAt: z.string().nullable(),
  createdBy: z.object({ userId: z.string(), name: z.string() }),
  /** Whether the asking person may revoke it (its creator or an admin). */
  canRevoke: z.boolean(),
});
export type ShareLinkView = z.infer<typeof shareLinkSchema>;
export const shareListSchema = z.object({ shares: z.array(shareLinkSchema) });

/** 201 of the create: the link itself, shown once. */
export const shareCreatedSchema = z.object({ share: shareLinkSchema, url: z.string(), token: z.string() });
export type ShareCreated = z.infer<typeof shareCreatedSchema>;

/** A card as a shared view draws it: its question and, once answered, the answer in words; never its controls. */
export const sharedCardSchema = z.object({
  kind: z.literal("card"),
  question: z.string(),
  status: z.enum(["waiting", "answered", "declined"]),
  answer: z.string().nullable(),
});

export const sharedEntrySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("user"), text: z.string() }),
  z.object({ kind: z.literal("agent"), text: z.string(), stopped: z.boolean() }),
  sharedCardSchema,
]);
export type SharedEntry = z.infer<typeof sharedEntrySchema>;

/** GET /api/shares/{token}: the read-only conversation. `canCopy`: the asking person may "continue as my copy". */
export const sharedConversationSchema = z.object({
  title: z.string(),
  mode: shareModeSchema,
  audience: shareAudienceSchema,
  sharedAt: z.string(),
  expiresAt: z.string().nullable(),
  entries: z.array(sharedEntrySchema),
  /** The conversation is longer than a shared view carries: its earliest messages are left out. */
  earlierOmitted: z.boolean(),
  /** Signed in and in the link's audience (any signed-in person for a public link): may "continue as my copy". */
  canCopy: z.boolean(),
});
export type SharedConversation = z.infer<typeof sharedConversationSchema>;

/** POST /api/shares/{token}/copy: optionally which of the person's organizations gets the copy. */
export const shareCopySchema = z.object({ organization: slugSchema.optional() }).strict();
export const shareCopiedSchema = z.object({ conversationId: z.string(), url: z.string() });
export type ShareCopied = z.infer<typeof shareCopiedSchema>;
