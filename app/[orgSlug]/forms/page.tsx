import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminsOnly } from "@/components/forms/admins-only";
import { FormsList } from "@/components/forms/forms-list";
import { FormsPageFrame } from "@/components/forms/forms-page-frame";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Forms" };

export default async function FormsPage({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  return (
    <FormsPageFrame
      title="Forms"
      description="Forms the agent fills with people by talking. Switch them on for the agent in Settings → Agent."
    >
      {isAdmin(ctx) ? <FormsList slug={ctx.orgSlug} /> : <AdminsOnly />}
    </FormsPageFrame>
  );
}
