import { submissionPageSchema, submissionQuerySchema } from "@/lib/schemas/form-submissions";
import { submissionPage } from "@/lib/server/forms/submissions";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { json } from "@/lib/server/http/route";
import { apiKeyRoute } from "@/lib/server/http/route-builders";

/** GET /api/v1/forms/{id}/submissions: a form's submissions with the admin list's filters and cursor; another organization's form is 404. */
export const GET = apiKeyRoute<{ id: string }>({ scopes: ["forms:read"], ids: { id: "This form" } })(
  {},
  async (ctx, { request, params }) => {
    const query = parseWith(submissionQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json(submissionPageSchema.parse(await submissionPage(ctx, params.id, query)));
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
