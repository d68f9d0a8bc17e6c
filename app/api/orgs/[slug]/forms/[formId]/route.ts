import { FORM_BODY_MAX_BYTES, formResponseSchema, formUpdateBodySchema } from "@/lib/schemas/forms";
import { archiveForm, formDetail, updateForm } from "@/lib/server/forms/definitions";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

const adminsOnForm = memberRoute<{ slug: string; formId: string }>({ minRole: "admin", ids: { formId: "This form" } });

export const GET = adminsOnForm({}, async (ctx, { params }) =>
  json(formResponseSchema.parse({ form: await formDetail(ctx, params.formId) })),
);

/** A new version from `baseVersion` (409 when someone saved since); an identical definition changes nothing. */
export const PUT = adminsOnForm({ body: formUpdateBodySchema, maxBodyBytes: FORM_BODY_MAX_BYTES }, async (ctx, { params, body }) =>
  json(formResponseSchema.parse({ form: await updateForm(ctx, params.formId, body.definition, body.baseVersion) })),
);

/** Archives (soft): versions, instances and submissions stay; agents no longer offer the form. */
export const DELETE = adminsOnForm({}, async (ctx, { params }) =>
  json(formResponseSchema.parse({ form: await archiveForm(ctx, params.formId) })),
);

export const { POST, PATCH, OPTIONS } = methodNotAllowed("GET", "PUT", "DELETE");
