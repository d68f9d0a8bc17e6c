import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BillingOverview } from "@/components/billing/billing-overview";
import { BillingUnconfigured } from "@/components/billing/billing-unconfigured";
import { CheckoutReturn } from "@/components/billing/checkout-return";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { isAdmin } from "@/lib/db/tenant-context";
import { billingState } from "@/lib/server/billing/billing-state";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Billing" };

/** Settings → Billing: owners upgrade and manage payment, admins read the plan, members are told whom to ask. */
export default async function BillingSettings({
  params,
  searchParams,
}: {
  params: Promise<{ orgSlug: string }>;
  searchParams: Promise<{ checkout?: string | string[] }>;
}) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  if (!isAdmin(ctx)) {
    return (
      <Alert>
        <AlertDescription>Only owners can manage billing, and admins can see the plan. Ask an owner of this organization.</AlertDescription>
      </Alert>
    );
  }
  const [state, { checkout }] = await Promise.all([billingState(ctx), searchParams]);
  return (
    <section aria-labelledby="billing-heading" className="grid gap-4">
      <h2 id="billing-heading" className="text-lg font-semibold">
        Billing
      </h2>
      {state.mode === "stripe" && <CheckoutReturn outcome={typeof checkout === "string" ? checkout : undefined} />}
      {state.mode === "off" ? <BillingUnconfigured hint={state.configure_hint!} /> : <BillingOverview state={state} slug={ctx.orgSlug} />}
    </section>
  );
}
