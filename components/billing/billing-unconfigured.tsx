import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** Settings → Billing with BILLING=off (self-hosted): no plans and no limits, and how an operator turns billing on. */
export function BillingUnconfigured({ hint }: { hint: string }) {
  return (
    <Alert variant="info">
      <AlertTitle>Billing is not configured</AlertTitle>
      <AlertDescription>
        <p>This server has no plans and no limits.</p>
        <p>{hint}</p>
      </AlertDescription>
    </Alert>
  );
}
