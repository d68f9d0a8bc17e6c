import { Alert, AlertDescription } from "@/components/ui/alert";

const NOTICES = {
  success: "Checkout is complete. The plan changes here as soon as Stripe confirms the payment, usually within seconds: reload to see it.",
  canceled: "Checkout was canceled. Nothing was charged.",
} as const;

/** What the Billing page says when Stripe Checkout sends the owner back (`?checkout=success|canceled`). */
export function CheckoutReturn({ outcome }: { outcome: string | undefined }) {
  if (outcome !== "success" && outcome !== "canceled") return null;
  return (
    <Alert variant={outcome === "success" ? "success" : "default"}>
      <AlertDescription>{NOTICES[outcome]}</AlertDescription>
    </Alert>
  );
}
