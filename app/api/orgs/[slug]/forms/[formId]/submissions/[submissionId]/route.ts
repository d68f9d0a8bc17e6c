import { submissionDetailSchema, submissionSchema, submissionStatusInputSchema } from "@/lib/schemas/form-submissions";
import { changeSubmissionStatus, submissionDetail } from "@/lib/server/forms/submissions";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

type Params = { slug: string; formId: string; submissionId: string };
const submissionRoute = memberRoute<Params>({ minRole: "admin", ids: { formId: "This form", submissionId: "This submission" } });

export const GET = submissionRoute({}, async (ctx, { params }) =>
  json(submissionDetailSchema.parse(await submissionDetail(ctx, params.formId, params.submissionId))),
);

export const PATCH = submissionRoute({ body: submissionStatusInputSchema }, async (ctx, { params, body }) => {
  const { submission } = await changeSubmissionStatus(ctx, params.formId, params.submissionId, body.status, ctx.ip);
  return json({ submission: submissionSchema.parse(submission) });
});

export const { POST, PUT, DELETE, OPTIONS } = methodNotAllowed("GET", "PATCH");
