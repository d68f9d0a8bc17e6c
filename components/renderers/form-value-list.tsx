import type { FormValueRow } from "@/lib/tools/forms/shape";

/** The answers a form card is about, as label and the text that will be stored. */
export function FormValueList({ values }: { values: FormValueRow[] }) {
  if (values.length === 0) return <p className="text-sm text-muted-foreground">No answers.</p>;
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {values.map((row) => (
        <div key={row.id} className="contents" data-field={row.id}>
          <dt className="font-medium">{row.label}</dt>
          <dd className="whitespace-pre-wrap break-words">{row.display}</dd>
        </div>
      ))}
    </dl>
  );
}
