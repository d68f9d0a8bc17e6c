import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { BillingState } from "@/lib/schemas/billing";
import { BillingActions } from "./billing-actions";
import { billingDate } from "./billing-dates";
import { PlanCards } from "./plan-cards";

const STATUS_WORDS: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment failed",
  unpaid: "Unpaid",
  canceled: "Canceled",
  incomplete: "Waiting for the first payment",
  incomplete_expired: "Checkout expired",
  paused: "Paused",
};

function renewalLine(state: BillingState): string | null {
  if (!state.current_period_end || state.subscribed_plan === "free") return null;
  const date = billingDate(state.current_period_end);
  return state.cancel_at_period_end ? `Cancels on ${date}; Free's limits apply after that.` : `Renews on ${date}.`;
}

/** Settings → Billing with billing on: the plan that applies, the subscription, the plans, and (owners) the way to Stripe. */
export function BillingOverview({ state, slug }: { state: BillingState; slug: string }) {
  const current = state.plans.find((plan) => plan.key === state.plan);
  const renewal = renewalLine(state);
  return (
    <div className="grid gap-6">
      <div className="grid gap-1" aria-label="Current subscription">
        <p className="text-sm">
          Current plan: <span className="font-semibold">{current?.name ?? "Free"}</span>
          {state.subscription_status && <> · Status: {STATUS_WORDS[state.subscription_status] ?? state.subscription_status}</>}
        </p>
        {renewal && <p className="text-sm text-muted-foreground">{renewal}</p>}
      </div>
      {state.past_due && (
        <Alert variant={state.downgraded ? "destructive" : "warning"}>
          <AlertTitle>Payment failed</AlertTitle>
          <AlertDescription>
            {state.downgraded
              ? "The grace period is over: Free's limits apply until the payment is fixed. Nothing was deleted."
              : `Fix the payment by ${billingDate(state.grace_ends_at!)} or the limits fall to Free's.`}
          </AlertDescription>
        </Alert>
      )}
      {state.can_manage ? (
        <BillingActions slug={slug} canUpgrade={state.subscribed_plan === "free"} hasCustomer={state.has_customer} />
      ) : (
        <p className="text-sm text-muted-foreground">Only owners can upgrade or manage billing. Ask an owner of this organization.</p>
      )}
      <PlanCards plans={state.plans} current={state.plan} />
    </div>
  );
}
