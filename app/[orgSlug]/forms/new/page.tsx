import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminsOnly } from "@/components/forms/admins-only";
import { FormBuilder } from "@/components/forms/form-builder";
import { FormsPageFrame } from "@/components/forms/forms-page-frame";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "New form" };

export default async function NewFormPage({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  return (
    <FormsPageFrame title="New form" description="Steps and fields, checked as you type; the preview shows the form as the chat will.">
      {isAdmin(ctx) ? <FormBuilder slug={ctx.orgSlug} saved={null} /> : <AdminsOnly />}
    </FormsPageFrame>
  );
}
