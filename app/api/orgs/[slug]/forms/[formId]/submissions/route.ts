import { submissionPageSchema, submissionQuerySchema } from "@/lib/schemas/form-submissions";
import { submissionPage } from "@/lib/server/forms/submissions";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

export const GET = memberRoute<{ slug: string; formId: string }>({ minRole: "admin", ids: { formId: "This form" } })(
  {},
  async (ctx, { request, params }) => {
    const query = parseWith(submissionQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json(submissionPageSchema.parse(await submissionPage(ctx, params.formId, query)));
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
