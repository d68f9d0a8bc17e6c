import { submissionQuerySchema } from "@/lib/schemas/form-submissions";
import { exportSubmissions } from "@/lib/server/forms/submissions";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { memberRoute } from "@/lib/server/http/route-builders";

// The list's filters; paging is the export's own (it streams every page).
const exportQuerySchema = submissionQuerySchema.transform(({ limit: _limit, cursor: _cursor, ...filters }) => filters);

export const GET = memberRoute<{ slug: string; formId: string }>({ minRole: "admin", ids: { formId: "This form" } })(
  {},
  async (ctx, { request, params }) => {
    const filters = parseWith(exportQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const { form, body } = await exportSubmissions(ctx, params.formId, filters);
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${form.key}-submissions.csv"`,
      },
    });
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
