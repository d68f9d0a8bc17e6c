import { humanize } from "./describe-value";

/**
 * A readable view of a JSON value: an object becomes a list of labelled fields, text keeps its
 * line breaks, anything nested falls back to formatted JSON. Text only: nothing is parsed as HTML.
 */
export function ValueView({ value, className }: { value: unknown; className?: string }) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return <p className="text-sm text-muted-foreground">(empty)</p>;
    return (
      <dl className={className ?? "grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4"}>
        {entries.map(([key, item]) => (
          <div key={key} className="contents">
            <dt className="font-medium text-muted-foreground">{humanize(key)}</dt>
            <dd className="min-w-0 break-words whitespace-pre-wrap">{scalar(item)}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return <div className="text-sm break-words whitespace-pre-wrap">{scalar(value)}</div>;
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value, null, 2);
}

/** Formatted JSON in a scrolling block. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-words"
    >
      {value === undefined ? "—" : JSON.stringify(value, null, 2)}
    </pre>
  );
}
