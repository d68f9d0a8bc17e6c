import { conflict } from "@/lib/server/http/app-error";

/** 409 for what needs Stripe on a server without it (BILLING=off or its variables unset): what to set, and where it is explained. */
export const billingNotConfigured = () =>
  conflict("Billing is not configured: set BILLING=stripe and the STRIPE_* variables (docs/billing.md).");
