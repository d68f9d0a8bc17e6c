import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { SubmissionsTable } from "@/components/forms/submissions/submissions-table";
import { loadSubmissionForm } from "@/lib/db/form-submissions";
import { AdminsOnly } from "@/components/shell/admins-only";
import { isAdmin } from "@/lib/db/tenant-context";
import { possibleId } from "@/lib/server/http/path-id";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Submissions" };

export default async function FormSubmissionsPage({ params }: { params: Promise<{ orgSlug: string; formId: string }> }) {
  const { orgSlug, formId } = await params;
  const ctx = await tenantFor(orgSlug);
  if (!ctx) notFound();
  if (!isAdmin(ctx)) {
    return <AdminsOnly to="see a form's submissions" />;
  }
  const form = possibleId(formId) ? await loadSubmissionForm(ctx, formId) : null;
  if (!form) notFound();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4 p-4 sm:p-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <Link href={`/${ctx.orgSlug}/forms`} className="underline-offset-4 hover:underline">
          Forms
        </Link>{" "}
        / {form.name}
      </nav>
      <h1 className="text-xl font-semibold">Submissions: {form.name}</h1>
      {/* The table reads its filters from the URL. */}
      <Suspense>
        <SubmissionsTable slug={ctx.orgSlug} formId={form.id} />
      </Suspense>
    </div>
  );
}
