"use client";

import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { UploadIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { problemsOf } from "@/lib/client/forms/forms-api";
import type { FormProblem } from "@/lib/client/forms/types";
import { useFormMutations } from "@/lib/client/forms/use-forms";
import { FORM_BODY_MAX_BYTES } from "@/lib/schemas/forms";

interface Refused {
  file: string;
  message: string;
  problems: FormProblem[];
}

/** Imports an exported `<key>.form.json`: opens the new form, or says per path what to fix in the file. */
export function ImportFormButton({ slug, variant = "outline" }: { slug: string; variant?: "outline" | "default" }) {
  const router = useRouter();
  const { import: importForm } = useFormMutations(slug);
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<Refused | null>(null);

  async function onFile(file: File) {
    setRefused(null);
    // The server refuses a body this large anyway: say so before reading the whole file.
    if (file.size > FORM_BODY_MAX_BYTES) {
      setRefused({ file: file.name, message: "This file is too large to be a form export (at most 256 KB).", problems: [] });
      return;
    }
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setRefused({
        file: file.name,
        message: "This file is not JSON. Choose a file exported from Handoff (<id>.form.json).",
        problems: [],
      });
      return;
    }
    try {
      const form = await importForm.mutateAsync(document);
      toast.success(`Imported “${form.name}” as version ${form.currentVersion}.`);
      router.push(`/${slug}/forms/${form.id}`);
    } catch (error) {
      setRefused({ file: file.name, message: errorMessage(error, "The form was not imported. Try again."), problems: problemsOf(error) });
    }
  }

  return (
    <div className="grid gap-3">
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        aria-label="Form file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void onFile(file);
        }}
      />
      <Button
        type="button"
        variant={variant}
        className="justify-self-start"
        disabled={importForm.isPending}
        onClick={() => input.current?.click()}
      >
        <UploadIcon aria-hidden /> {importForm.isPending ? "Importing…" : "Import JSON"}
      </Button>
      {refused ? (
        <Alert variant="destructive">
          <AlertTitle>{refused.file} was not imported</AlertTitle>
          <AlertDescription>
            <p>{refused.message}</p>
            {refused.problems.length > 0 ? (
              <ul className="list-disc pl-4">
                {refused.problems.map((problem) => (
                  <li key={`${problem.path}:${problem.message}`}>
                    <code className="font-mono">{problem.path || "(the document)"}</code>: {problem.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
