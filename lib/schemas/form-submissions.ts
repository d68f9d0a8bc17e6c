import { z } from "zod";
import { STORED_FIELD_TYPES } from "@/lib/forms/stored-form";
import { personSchema } from "./team";
import { idSchema, trimmedText } from "./text";

/**
 * Wire shapes of a form's submissions: the list's query (also the CSV export's), the list and
 * detail answers, and the status change. Dates travel as ISO strings.
 */

export const SUBMISSION_STATUSES = ["new", "processed"] as const;
export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

export const SUBMISSION_PAGE_LIMIT = 100;
export const SUBMISSION_PAGE_DEFAULT = 25;

/** "2030-01-31" or a full ISO timestamp with its offset; a day alone as `to` means through that day. */
const isoDateOrTime = z.union(
  [z.iso.date(), z.iso.datetime({ offset: true })],
  "Use an ISO date (2030-01-31) or timestamp (2030-01-31T12:00:00Z).",
);
// Field ids as the stored definition writes them (lib/forms/stored-form.ts).
const fieldId = z
  .string()
  .max(64)
  .regex(/^[a-z][a-z0-9_-]*$/, "Use a field id of this form.");

export const submissionQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(SUBMISSION_PAGE_LIMIT).default(SUBMISSION_PAGE_DEFAULT),
    cursor: z
      .string()
      .max(300)
      .regex(/^[A-Za-z0-9_-]+$/, "Use the nextCursor of the previous page.")
      .optional(),
    from: isoDateOrTime.optional(),
    to: isoDateOrTime.optional(),
    submitter: idSchema.optional(),
    status: submissionStatusSchema.optional(),
    field: fieldId.optional(),
    value: trimmedText().min(1).max(200).optional(),
  })
  .strict()
  .refine((q) => (q.field === undefined) === (q.value === undefined), {
    message: "Send field and value together: the field's id and the text its value contains.",
    path: ["field"],
  });
export type SubmissionQuery = z.infer<typeof submissionQuerySchema>;
/** The filters alone, as the page keeps them in its URL and the export link repeats them. */
export type SubmissionFilters = Omit<SubmissionQuery, "limit" | "cursor">;

export const submissionColumnSchema = z.object({ id: z.string(), label: z.string(), type: z.enum(STORED_FIELD_TYPES) });
export type SubmissionColumn = z.infer<typeof submissionColumnSchema>;

export const submissionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: submissionStatusSchema,
  formVersion: z.number().int(),
  submittedBy: personSchema.nullable(),
  conversationId: z.string().nullable(),
  /** By field id: exactly what the confirmation card showed. */
  values: z.record(z.string(), z.unknown()),
});
export type Submission = z.infer<typeof submissionSchema>;

export const submissionPageSchema = z.object({
  submissions: z.array(submissionSchema),
  nextCursor: z.string().nullable(),
  columns: z.array(submissionColumnSchema),
});
export type SubmissionPage = z.infer<typeof submissionPageSchema>;

export const submissionRevisionSchema = z.object({
  field: z.string(),
  label: z.string(),
  op: z.enum(["set", "retract", "undo", "redo"]),
  value: z.unknown(),
  by: z.object({ kind: z.enum(["agent", "person", "api", "executor"]), id: z.string().nullable(), name: z.string().nullable() }),
  at: z.string(),
});
export type SubmissionRevision = z.infer<typeof submissionRevisionSchema>;

export const submissionDetailSchema = z.object({
  submission: submissionSchema.extend({ columns: z.array(submissionColumnSchema), history: z.array(submissionRevisionSchema) }),
  conversation: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;

export const submissionStatusInputSchema = z.object({ status: submissionStatusSchema }).strict();
export type SubmissionStatusInput = z.infer<typeof submissionStatusInputSchema>;
