import { listFormDefinitions } from "@/lib/db/form-definitions";
import { FORM_BODY_MAX_BYTES, formDefinitionBodySchema, formListResponseSchema, formResponseSchema } from "@/lib/schemas/forms";
import { createForm } from "@/lib/server/forms/definitions";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

// Forms are built by owners and admins; members meet them only through the agent.
const admins = memberRoute({ minRole: "admin" });

/** Newest first; `?archived=1` includes archived forms. */
export const GET = admins({}, async (ctx, { request }) => {
  const archived = new URL(request.url).searchParams.get("archived") === "1";
  return json(formListResponseSchema.parse({ forms: await listFormDefinitions(ctx, { archived }) }));
});

/** A new form, version 1; its key is the definition's id. */
export const POST = admins({ body: formDefinitionBodySchema, maxBodyBytes: FORM_BODY_MAX_BYTES }, async (ctx, { body }) =>
  json(formResponseSchema.parse({ form: await createForm(ctx, body.definition) }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
