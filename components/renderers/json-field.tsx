import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

interface JsonFieldProps {
  id: string;
  label: string;
  rows: number;
  value: string;
  error?: string;
  setValue: (value: string) => void;
  /** Called with undefined on every edit: an error is about the text as it was. */
  setError: (error: undefined) => void;
}

/** A JSON text area with its label and error, for the cards that let an admin write JSON (an answer, a tool's input). */
export function JsonField({ id, label, rows, value, error, setValue, setError }: JsonFieldProps) {
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        className="font-mono text-xs"
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
