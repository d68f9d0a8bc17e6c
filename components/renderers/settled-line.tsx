const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "2 min ago", "just now": how long ago a card was settled, in the reader's language. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: "auto", style: "short" });
  for (const [unit, size] of UNITS) if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  return "just now";
}

/** The line under an answered card: how it was answered and when (the exact time on hover). */
export function SettledLine({ verb, settledAt }: { verb: string; settledAt: string | null }) {
  return (
    <p className="text-xs text-muted-foreground" data-settled-line>
      {verb}
      {settledAt ? (
        <>
          {" · "}
          <time dateTime={settledAt} title={new Date(settledAt).toLocaleString()}>
            {timeAgo(settledAt)}
          </time>
        </>
      ) : null}
    </p>
  );
}
