import {
  getSubmission,
  listSubmissions,
  loadSubmissionForm,
  setSubmissionStatus,
  UnknownSubmissionFieldError,
  type SubmissionForm,
} from "@/lib/db/form-submissions";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { Submission, SubmissionColumn, SubmissionFilters, SubmissionQuery, SubmissionStatus } from "@/lib/schemas/form-submissions";
import { AppError, notFound } from "@/lib/server/http/app-error";
import { csvRow, csvValue } from "./csv";

/**
 * What the submission routes do, between the route (auth, parsing) and lib/db (queries): the form
 * is looked up once per request (404 for another organization's), a filter on a field the form
 * never had is a 422 that names it, and the CSV export streams page by page.
 */

const FORM = "This form";
const SUBMISSION = "This submission";

export async function submissionFormOf(ctx: TenantContext, formId: string): Promise<SubmissionForm> {
  const form = await loadSubmissionForm(ctx, formId);
  if (!form) throw notFound(FORM);
  return form;
}

async function page(ctx: TenantContext, form: SubmissionForm, query: SubmissionFilters & { cursor?: string | null; limit: number }) {
  try {
    return await listSubmissions(ctx, form, query);
  } catch (error) {
    if (error instanceof UnknownSubmissionFieldError) {
      throw new AppError(422, "validation_failed", error.message, {
        issues: [{ path: "field", message: error.message }],
        known: error.known,
      });
    }
    throw error;
  }
}

export async function submissionPage(ctx: TenantContext, formId: string, query: SubmissionQuery) {
  const form = await submissionFormOf(ctx, formId);
  return { ...(await page(ctx, form, query)), columns: form.columns };
}

export async function submissionDetail(ctx: TenantContext, formId: string, submissionId: string) {
  const detail = await getSubmission(ctx, await submissionFormOf(ctx, formId), submissionId);
  if (!detail) throw notFound(SUBMISSION);
  return detail;
}

export async function changeSubmissionStatus(
  ctx: TenantContext,
  formId: string,
  submissionId: string,
  status: SubmissionStatus,
  ip: string | null,
) {
  const submission = await setSubmissionStatus(ctx, await submissionFormOf(ctx, formId), submissionId, status, ip);
  if (!submission) throw notFound(SUBMISSION);
  return { submission };
}

/** Rows per database read while exporting: the export never holds more than one page. */
export const EXPORT_PAGE_SIZE = 500;

/** The header row's fixed columns, before one column per field label. */
export const CSV_FIXED_HEADERS = ["Submitted at", "Submitted by", "Status", "Version"] as const;

const submitter = (submission: Submission) => {
  const by = submission.submittedBy;
  if (!by) return "";
  return by.name && by.email ? `${by.name} <${by.email}>` : by.name || by.email;
};

const rowOf = (submission: Submission, columns: SubmissionColumn[]) =>
  csvRow([
    submission.createdAt,
    submitter(submission),
    submission.status,
    String(submission.formVersion),
    ...columns.map((column) => csvValue(submission.values[column.id])),
  ]);

/**
 * The export as a stream: the first page is read before answering (so a bad filter is still a
 * 422 JSON answer), every next page when the reader wants more. A UTF-8 byte order mark first, or
 * Excel reads the file in the machine's legacy code page.
 */
export async function exportSubmissions(ctx: TenantContext, formId: string, filters: SubmissionFilters) {
  const form = await submissionFormOf(ctx, formId);
  let next: Awaited<ReturnType<typeof page>> | null = await page(ctx, form, { ...filters, limit: EXPORT_PAGE_SIZE });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvRow([...CSV_FIXED_HEADERS, ...form.columns.map((column) => column.label)])}`));
    },
    async pull(controller) {
      if (!next) return controller.close();
      const current = next;
      controller.enqueue(encoder.encode(current.submissions.map((submission) => rowOf(submission, form.columns)).join("")));
      next = current.nextCursor ? await page(ctx, form, { ...filters, cursor: current.nextCursor, limit: EXPORT_PAGE_SIZE }) : null;
    },
  });
  return { form, body };
}
