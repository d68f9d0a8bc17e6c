import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminsOnly } from "@/components/forms/admins-only";
import { FormDetailPage } from "@/components/forms/form-detail-page";
import { FormsPageFrame } from "@/components/forms/forms-page-frame";
import { getFormDefinition } from "@/lib/db/form-definitions";
import { isAdmin } from "@/lib/db/tenant-context";
import { possibleId } from "@/lib/server/http/path-id";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Edit form" };

export default async function EditFormPage({ params }: { params: Promise<{ orgSlug: string; formId: string }> }) {
  const { orgSlug, formId } = await params;
  const ctx = await tenantFor(orgSlug);
  // An id that cannot exist is not found without asking the API, as its routes answer.
  if (!ctx || !possibleId(formId)) notFound();
  // An unknown form (or another organization's) is the in-app not-found page; members see the admins-only notice either way.
  if (isAdmin(ctx) && !(await getFormDefinition(ctx, formId))) notFound();
  return (
    <FormsPageFrame title="Edit form">
      {isAdmin(ctx) ? <FormDetailPage slug={ctx.orgSlug} formId={formId} /> : <AdminsOnly />}
    </FormsPageFrame>
  );
}
