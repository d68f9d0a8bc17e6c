import type { SlotAnswerer } from "@/lib/agent/store-adapter";

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

/** "Chosen by Ann Lee", or the verb alone when the card does not know who (answered before it kept that). */
export const settledWords = (verb: string, answeredBy: SlotAnswerer | undefined) => (answeredBy ? `${verb} by ${answeredBy.name}` : verb);

/** The line under a settled card: how it was settled, by whom and when (the exact time on hover). */
export function SettledLine({
  verb,
  answeredBy,
  reason,
  settledAt,
}: {
  verb: string;
  answeredBy?: SlotAnswerer;
  /** Why it was declined, after who did ("Declined by Ann Lee: not now"). */
  reason?: string;
  settledAt: string | null;
}) {
  return (
    <p className="text-xs text-muted-foreground" data-settled-line>
      {settledWords(verb, answeredBy)}
      {reason ? `: ${reason}` : null}
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
