import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SubmissionDetailView } from "@/components/forms/submissions/submission-detail";
import { getSubmission, loadSubmissionForm } from "@/lib/db/form-submissions";
import { AdminsOnly } from "@/components/shell/admins-only";
import { isAdmin } from "@/lib/db/tenant-context";
import { possibleId } from "@/lib/server/http/path-id";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Submission" };

export default async function FormSubmissionPage({
  params,
}: {
  params: Promise<{ orgSlug: string; formId: string; submissionId: string }>;
}) {
  const { orgSlug, formId, submissionId } = await params;
  const ctx = await tenantFor(orgSlug);
  if (!ctx) notFound();
  if (!isAdmin(ctx)) {
    return <AdminsOnly to="see a form's submissions" />;
  }
  const form = possibleId(formId) ? await loadSubmissionForm(ctx, formId) : null;
  if (!form) notFound();
  // An unknown submission is the in-app not-found page, not an error inside the frame.
  if (!possibleId(submissionId) || !(await getSubmission(ctx, form, submissionId))) notFound();
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 p-4 sm:p-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <Link href={`/${ctx.orgSlug}/forms/${form.id}/submissions`} className="underline-offset-4 hover:underline">
          {form.name}: submissions
        </Link>
      </nav>
      <h1 className="text-xl font-semibold">Submission</h1>
      <SubmissionDetailView slug={ctx.orgSlug} formId={form.id} submissionId={submissionId} />
    </div>
  );
}
