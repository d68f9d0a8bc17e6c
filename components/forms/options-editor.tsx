"use client";

import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";

/**
 * The choices of a one-of or several-of field, one per line. The text is kept as typed (an empty
 * line while typing stays), the options are its non-empty lines.
 */
export function OptionsEditor({ options, onChange, error }: { options: string[]; onChange(options: string[]): void; error: string[] }) {
  const [text, setText] = useState(options.join("\n"));
  return (
    <FormField label="Options" description="One per line." error={error} required>
      <Textarea
        rows={Math.min(Math.max(options.length + 1, 3), 10)}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange(
            event.target.value
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean),
          );
        }}
      />
    </FormField>
  );
}
