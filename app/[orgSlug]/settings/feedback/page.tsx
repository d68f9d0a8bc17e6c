import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { FeedbackList } from "@/components/settings/feedback-list";
import { AdminsOnly } from "@/components/shell/admins-only";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Feedback" };

export default async function FeedbackSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  if (!isAdmin(ctx)) {
    return <AdminsOnly to="read the feedback on the agent's answers" />;
  }
  return (
    <section aria-labelledby="feedback-heading" className="grid gap-3">
      <h2 id="feedback-heading" className="text-lg font-semibold">
        Feedback
      </h2>
      <p className="text-sm text-muted-foreground">What people said about the agent&apos;s answers, with a link to each answer.</p>
      <FeedbackList slug={ctx.orgSlug} />
    </section>
  );
}
