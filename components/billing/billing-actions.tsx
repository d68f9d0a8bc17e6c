"use client";

import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { z } from "zod";
import type { billingRedirectSchema } from "@/lib/schemas/billing";

type Redirect = z.infer<typeof billingRedirectSchema>;
type Action = "checkout" | "portal";

const LABELS: Record<Action, { idle: string; busy: string }> = {
  checkout: { idle: "Upgrade to Pro", busy: "Opening Checkout…" },
  portal: { idle: "Manage billing", busy: "Opening the portal…" },
};

/**
 * An owner's two ways to Stripe: Checkout (upgrade) and the customer portal (payment methods,
 * invoices, cancellation). Each asks the server for a session and sends the browser to its url;
 * the button stays busy until the page changes, and a refusal is shown under the buttons.
 */
export function BillingActions({ slug, canUpgrade, hasCustomer }: { slug: string; canUpgrade: boolean; hasCustomer: boolean }) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = async (action: Action) => {
    setBusy(action);
    setError(null);
    try {
      const { url } = await apiFetch<Redirect>(`/api/orgs/${slug}/billing/${action}`, { method: "POST" });
      window.location.assign(url);
    } catch (caught) {
      setError(errorMessage(caught, "Stripe could not be opened. Try again."));
      setBusy(null);
    }
  };

  const button = (action: Action, variant: "default" | "outline") => (
    <Button type="button" variant={variant} disabled={busy !== null} onClick={() => open(action)}>
      {busy === action ? (
        <>
          <Spinner label={null} /> {LABELS[action].busy}
        </>
      ) : (
        LABELS[action].idle
      )}
    </Button>
  );

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {canUpgrade && button("checkout", "default")}
        {hasCustomer && button("portal", canUpgrade ? "outline" : "default")}
      </div>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
