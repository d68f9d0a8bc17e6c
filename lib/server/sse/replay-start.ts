/**
 * Where a re-attaching client's replay starts: the `Last-Event-ID` header (sent by EventSource when
 * it reconnects) wins over `?after=`. Null when neither is given.
 */
export function replayStart(request: Request): number | null | "invalid" {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after");
  if (raw === null || raw.trim() === "") return null;
  return /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : "invalid";
}
