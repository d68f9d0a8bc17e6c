import { FORM_BODY_MAX_BYTES, formCheckResponseSchema, formDefinitionBodySchema } from "@/lib/schemas/forms";
import { checkDefinition } from "@/lib/server/forms/definitions";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** The builder asks while editing: the same checks as a save, answered 200 either way. */
export const POST = memberRoute({ minRole: "admin" })(
  { body: formDefinitionBodySchema, maxBodyBytes: FORM_BODY_MAX_BYTES },
  async (_ctx, { body }) => {
    const result = checkDefinition(body.definition);
    return json(formCheckResponseSchema.parse(result.ok ? { ok: true, problems: [] } : result));
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
