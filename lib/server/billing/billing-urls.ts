/** Where Checkout and the portal send the owner back: the organization's billing page, on the app's origin. */
export function billingPageUrl(origin: string, orgSlug: string, query = ""): string {
  return `${origin}/${encodeURIComponent(orgSlug)}/settings/billing${query}`;
}
