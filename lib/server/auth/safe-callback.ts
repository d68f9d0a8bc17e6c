// Stands in for the app's origin where only the shape of the URL matters (pages pass relative callbacks).
const PLACEHOLDER_ORIGIN = "https://handoff.invalid";

/**
 * Only same-origin targets are followed after sign-in, so a crafted link cannot send people elsewhere.
 * The URL parser decides (browsers strip tabs and newlines and read `\` as `/`, so `/\t/evil.example`
 * would leave the site): anything with control characters or backslashes, or whose origin is not
 * `appOrigin`, falls back. Returns a path (with query and hash) on the app.
 */
export function safeCallbackUrl(value: string | string[] | undefined | null, fallback = "/app", appOrigin = PLACEHOLDER_ORIGIN): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || /[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, appOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(appOrigin).origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can normalise to `//host`, which a browser reads as another origin.
  return path.startsWith("//") ? fallback : path;
}
