import { FORM_EXPORT_FORMAT, type FormExport } from "@/lib/schemas/forms";
import { formDetail } from "@/lib/server/forms/definitions";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { memberRoute } from "@/lib/server/http/route-builders";

/** The current definition as a file an import takes back. Keys are [a-z0-9_-], so the file name needs no quoting. */
export const GET = memberRoute<{ slug: string; formId: string }>({ minRole: "admin", ids: { formId: "This form" } })(
  {},
  async (ctx, { params }) => {
    const form = await formDetail(ctx, params.formId);
    const document: FormExport = { format: FORM_EXPORT_FORMAT, formatVersion: 1, definition: form.definition };
    return new Response(JSON.stringify(document, null, 2), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="${form.key}.form.json"` },
    });
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
