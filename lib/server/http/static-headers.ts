/**
 * The security headers that never change: next.config.ts `headers()` puts them on every response
 * Next serves (static files too), and the Node server's own refusals (unroutable.ts) carry them.
 */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

// API answers are data: nothing in them may load or frame anything. `sandbox`: an attached file opened
// on its own (GET …/attachments/{id}) runs nothing in our origin; `route()` sets it over a route's own.
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";
