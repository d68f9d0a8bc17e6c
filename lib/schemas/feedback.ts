import { z } from "zod";
import { personSchema } from "./team";
import { freeText, idSchema } from "./text";

/**
 * Wire shapes of feedback on agent messages: a person's thumbs up / down with an optional preset
 * reason and their own words, and the admins' filtered list. Dates travel as ISO strings.
 */

export const FEEDBACK_RATINGS = ["up", "down"] as const;
export const feedbackRatingSchema = z.enum(FEEDBACK_RATINGS, "Use a rating of up or down.");
export type FeedbackRating = z.infer<typeof feedbackRatingSchema>;

/** The preset reasons, with the words people see. */
export const FEEDBACK_REASONS = {
  wrong: "Wrong or made up",
  unhelpful: "Not helpful",
  incomplete: "Incomplete",
  instructions: "Did not follow instructions",
  unsafe: "Harmful or unsafe",
  other: "Something else",
} as const;
export type FeedbackReason = keyof typeof FEEDBACK_REASONS;
const reasonKeys = Object.keys(FEEDBACK_REASONS) as [FeedbackReason, ...FeedbackReason[]];
export const feedbackReasonSchema = z.enum(reasonKeys, `Use one of the reasons: ${reasonKeys.join(", ")}.`);

export const FEEDBACK_COMMENT_MAX = 2000;

/** PUT body: the rating replaces the person's earlier one on the same message. An empty comment is none. */
export const feedbackInputSchema = z
  .object({
    rating: feedbackRatingSchema,
    reason: feedbackReasonSchema.nullish(),
    comment: freeText()
      .pipe(
        z
          .string()
          .trim()
          .max(FEEDBACK_COMMENT_MAX, `Keep the comment to ${FEEDBACK_COMMENT_MAX.toLocaleString("en-US")} characters.`),
      )
      .nullish(),
  })
  .strict();
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

/** One person's feedback on one message, as its giver sees it in the chat. */
export const messageFeedbackSchema = z.object({
  messageId: z.string(),
  runId: z.string().nullable(),
  rating: feedbackRatingSchema,
  reason: feedbackReasonSchema.nullable(),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});
export type MessageFeedback = z.infer<typeof messageFeedbackSchema>;

/** The signed-in person's feedback in one conversation. */
export const myFeedbackSchema = z.object({ feedback: z.array(messageFeedbackSchema) });

export const FEEDBACK_PAGE_LIMIT = 100;
export const FEEDBACK_PAGE_DEFAULT = 25;

const isoDateOrTime = z.union(
  [z.iso.date(), z.iso.datetime({ offset: true })],
  "Use an ISO date (2030-01-31) or timestamp (2030-01-31T12:00:00Z).",
);

/** The admins' list: newest first, filtered by rating, person and a date range (`to` as a day means through that day). */
export const feedbackQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(FEEDBACK_PAGE_LIMIT).default(FEEDBACK_PAGE_DEFAULT),
    cursor: z
      .string()
      .max(300)
      .regex(/^[A-Za-z0-9_-]+$/, "Use the nextCursor of the previous page.")
      .optional(),
    rating: feedbackRatingSchema.optional(),
    user: idSchema.optional(),
    from: isoDateOrTime.optional(),
    to: isoDateOrTime.optional(),
  })
  .strict();
export type FeedbackQuery = z.infer<typeof feedbackQuerySchema>;
export type FeedbackFilters = Omit<FeedbackQuery, "limit" | "cursor">;

export const feedbackEntrySchema = messageFeedbackSchema.extend({
  id: z.string(),
  createdAt: z.string(),
  conversation: z.object({ id: z.string(), title: z.string() }),
  person: personSchema,
  /** The start of the message rated, for the list (the link opens the whole message). */
  excerpt: z.string(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;

export const feedbackPageSchema = z.object({ entries: z.array(feedbackEntrySchema), nextCursor: z.string().nullable() });
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;
