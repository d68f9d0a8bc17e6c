/** Only same-site paths are followed after sign-in, so a crafted link cannot send people elsewhere. */
export function safeCallbackUrl(value: string | string[] | undefined, fallback = "/app"): string {
  const url = Array.isArray(value) ? value[0] : value;
  if (!url || !url.startsWith("/") || url.startsWith("//") || url.startsWith("/\\")) return fallback;
  return url;
}
