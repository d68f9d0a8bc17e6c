import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { submissionPageSchema, submissionQuerySchema } from "@/lib/schemas/form-submissions";
import { jsonContent, registerOperation } from "./operation";

/** The forms routes (app/api/v1/forms/**): the admin list's query and answer, read with a key. */

export function registerForms(registry: OpenAPIRegistry) {
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/forms/{id}/submissions",
    summary: "List a form's submissions",
    description: "Newest first, filtered by date, submitter, status, or a field's value; follow nextCursor for the next page.",
    scopes: ["forms:read"],
    request: { params: z.object({ id: z.string().describe("The form definition's id.") }), query: submissionQuerySchema },
    success: { status: 200, description: "One page of submissions, with the form's columns.", content: jsonContent(submissionPageSchema) },
    errors: [404, 422],
  });
}
