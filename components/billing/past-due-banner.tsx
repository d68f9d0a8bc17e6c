import Link from "next/link";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { billingDate } from "./billing-dates";

/**
 * On every page of the organization, for its owners (the layout reads `pastDueNotice`): a failed
 * payment, until when its plan still applies, and the way to fix it.
 */
export function PastDueBanner({ slug, graceEndsAt, downgraded }: { slug: string; graceEndsAt: string; downgraded: boolean }) {
  return (
    <Alert variant={downgraded ? "destructive" : "warning"} role="alert" className="mx-auto mt-4 w-full max-w-5xl">
      <AlertTitle>
        {downgraded
          ? "Payment failed — limits are Free's until it is fixed"
          : `Payment failed — fix it by ${billingDate(graceEndsAt)} or limits fall to Free`}
      </AlertTitle>
      <AlertDescription>
        <Link href={`/${slug}/settings/billing`} className="underline underline-offset-4">
          Fix the payment in Billing
        </Link>
      </AlertDescription>
    </Alert>
  );
}
