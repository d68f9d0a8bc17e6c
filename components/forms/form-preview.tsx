"use client";

import { useMemo } from "react";
import type { StoredFormInput } from "@/lib/forms/stored-form";
import { previewView } from "@/lib/client/forms/preview-view";
import { FormViewCard } from "./form-view-card";

/** The draft as the chat's form card will show it, beside the editor. */
export function FormPreview({ definition }: { definition: StoredFormInput }) {
  const view = useMemo(() => previewView(definition), [definition]);
  return (
    <section aria-labelledby="form-preview" className="grid gap-2 lg:sticky lg:top-4">
      <h2 id="form-preview" className="text-lg font-semibold">
        Preview
      </h2>
      <p className="text-sm text-muted-foreground">How the form card in the chat shows it before anything is answered.</p>
      <FormViewCard view={view} />
    </section>
  );
}
