const DATE = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

/** A billing date as people read it ("Jan 7, 2027", UTC, as Stripe's invoices count days). */
export const billingDate = (iso: string | Date) => DATE.format(typeof iso === "string" ? new Date(iso) : iso);
