import { getFormDefinitionVersion } from "@/lib/db/form-definitions";
import { formVersionResponseSchema } from "@/lib/schemas/forms";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

const VERSION = /^[1-9]\d{0,8}$/;

/** One saved version, as it was saved (older versions stay readable for instances that run on them). */
export const GET = memberRoute<{ slug: string; formId: string; version: string }>({ minRole: "admin", ids: { formId: "This form" } })(
  {},
  async (ctx, { params }) => {
    const found = VERSION.test(params.version) ? await getFormDefinitionVersion(ctx, params.formId, Number(params.version)) : null;
    if (!found) throw notFound("This form version");
    return json(formVersionResponseSchema.parse(found));
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
