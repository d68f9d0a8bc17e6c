import { FORM_VALUES_MAX_BYTES, formValuesEditSchema } from "@/lib/schemas/form-values";
import { editFormValues } from "@/lib/server/forms/person-edit";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { possibleId } from "@/lib/server/http/path-id";
import { json } from "@/lib/server/http/route";
import { conversationRoute } from "@/lib/server/http/route-builders";

/** A person's edit in the live form card: 200 `{report, view}`; 409 `blocked` / `closed`; 404 for unknown instances and other tenants. */
export const POST = conversationRoute(
  { body: formValuesEditSchema, maxBodyBytes: FORM_VALUES_MAX_BYTES },
  async (ctx, { params, body }) => {
    const { instanceId } = params as { id: string; instanceId: string };
    if (!possibleId(instanceId)) throw notFound("This form");
    return json(await editFormValues(ctx, ctx.conversationId, instanceId, body.values));
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
