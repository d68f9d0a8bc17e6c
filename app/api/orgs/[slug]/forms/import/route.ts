import { FORM_BODY_MAX_BYTES, formExportSchema, formResponseSchema } from "@/lib/schemas/forms";
import { createForm } from "@/lib/server/forms/definitions";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** An export document (`handoff.form`, version 1) becomes a new form, as a create would. */
export const POST = memberRoute({ minRole: "admin" })(
  { body: formExportSchema, maxBodyBytes: FORM_BODY_MAX_BYTES },
  async (ctx, { body }) => json(formResponseSchema.parse({ form: await createForm(ctx, body.definition, "form.imported") }), 201),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
