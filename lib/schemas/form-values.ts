import { z } from "zod";
import { formViewSchema } from "@/lib/forms/view";
import { formWriteDataSchema } from "@/lib/tools/forms/shape";

/** A person's edit in the live form card: `POST /api/conversations/{id}/forms/{instanceId}/values`. */
export const FORM_VALUES_MAX_BYTES = 64 * 1024;

export const formValuesEditSchema = z.object({
  values: z.record(z.string().min(1).max(200), z.unknown()).refine((values) => Object.keys(values).length > 0, "Send at least one value."),
});

/** What was kept and refused (labels, as the tools report), and the instance's new view. */
export const formValuesReplySchema = z.object({
  report: formWriteDataSchema.pick({
    stored: true,
    held: true,
    errors: true,
    unknown: true,
    locked: true,
    missing: true,
    complete: true,
    status: true,
  }),
  view: formViewSchema,
});

export type FormValuesEdit = z.infer<typeof formValuesEditSchema>;
export type FormValuesReply = z.infer<typeof formValuesReplySchema>;
