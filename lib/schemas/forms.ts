import { z } from "zod";
import { FORM_LIMITS, storedFormSchema } from "@/lib/forms/stored-form";

/**
 * Wire shapes of the form-definition API (`/api/orgs/{slug}/forms`), which the builder is written
 * against. Definitions in bodies are checked by `checkStoredForm` (lib/forms/stored), not here, so
 * that a bad one is answered 422 `invalid_form` with the problems' paths inside the definition.
 */

const isoDate = z.string().describe("ISO 8601 timestamp");

export const formSummarySchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  currentVersion: z.number().int(),
  fieldCount: z.number().int(),
  submissionCount: z.number().int(),
  archived: z.boolean(),
  updatedAt: isoDate,
});
export type FormSummary = z.infer<typeof formSummarySchema>;

export const formVersionSummarySchema = z.object({
  version: z.number().int(),
  createdAt: isoDate,
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export const formDetailSchema = formSummarySchema.extend({
  definition: storedFormSchema,
  versions: z.array(formVersionSummarySchema),
});
export type FormDetail = z.infer<typeof formDetailSchema>;

export const formListResponseSchema = z.object({ forms: z.array(formSummarySchema) });
export const formResponseSchema = z.object({ form: formDetailSchema });
export type FormListResponse = z.infer<typeof formListResponseSchema>;
export type FormResponse = z.infer<typeof formResponseSchema>;

export const formVersionResponseSchema = z.object({ version: z.number().int(), createdAt: isoDate, definition: storedFormSchema });
export type FormVersionResponse = z.infer<typeof formVersionResponseSchema>;

/** `POST /forms` and `POST /forms/check`: the definition is checked as a whole afterwards. */
export const formDefinitionBodySchema = z.object({ definition: z.unknown() });

/** `PUT /forms/{id}`: the version the editor started from; another save since then is a 409. */
export const formUpdateBodySchema = z.object({ definition: z.unknown(), baseVersion: z.number().int().min(1) });

export const FORM_EXPORT_FORMAT = "handoff.form";
/** The export document, and what an import takes. */
export const formExportSchema = z.object({
  format: z.literal(FORM_EXPORT_FORMAT, 'This is not a Handoff form export: "format" must be "handoff.form".'),
  formatVersion: z.literal(1, "Only formatVersion 1 can be imported."),
  definition: z.unknown(),
});
export type FormExport = { format: typeof FORM_EXPORT_FORMAT; formatVersion: 1; definition: z.infer<typeof storedFormSchema> };

export const formProblemSchema = z.object({ path: z.string(), message: z.string() });
export const formCheckResponseSchema = z.object({ ok: z.boolean(), problems: z.array(formProblemSchema) });
export type FormCheckResponse = z.infer<typeof formCheckResponseSchema>;

/** The largest body a definition may come in (413 beyond). */
export const FORM_BODY_MAX_BYTES = FORM_LIMITS.definitionBytes;
export type FormVersionSummary = z.infer<typeof formVersionSummarySchema>;
export type FormProblem = z.infer<typeof formProblemSchema>;
