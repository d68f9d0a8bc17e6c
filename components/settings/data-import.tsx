"use client";

import { useRef, useState } from "react";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UploadIcon } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorFromResponse, errorMessage, networkError } from "@/lib/client/api";
import { chatKeys } from "@/lib/client/chat-api";
import { IMPORT_MAX_BYTES, type ImportResult } from "@/lib/schemas/conversation-export";

/** The file as it is, with a type the route takes (it reads the format from the bytes, not from this). */
async function upload(slug: string, file: File): Promise<ImportResult> {
  const type = file.name.toLowerCase().endsWith(".zip") ? "application/zip" : "application/octet-stream";
  let response: Response;
  try {
    response = await fetch(`/api/orgs/${slug}/imports`, { method: "POST", headers: { "content-type": type }, body: file });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await errorFromResponse(response, { write: true });
  return (await response.json()) as ImportResult;
}

/** Settings → Data: import a Handoff export (JSON or JSON lines) or ChatGPT's data export (zip or conversations.json). */
export function DataImport({ slug }: { slug: string }) {
  const input = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const [result, setResult] = useState<ImportResult | null>(null);
  const run = useMutation({
    mutationFn: (file: File) => {
      if (file.size > IMPORT_MAX_BYTES)
        throw new Error(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Import a smaller export.`);
      return upload(slug, file);
    },
    onMutate: () => setResult(null),
    onSuccess: (imported) => {
      setResult(imported);
      return client.invalidateQueries({ queryKey: chatKeys.conversations(slug) });
    },
  });
  const count = result?.imported.length ?? 0;
  return (
    <section aria-labelledby="data-import-heading" className="grid gap-3">
      <h3 id="data-import-heading" className="text-base font-semibold">
        Import conversations
      </h3>
      <p className="text-sm text-muted-foreground">
        A Handoff export (one conversation as JSON, or the organization&apos;s JSON lines) or ChatGPT&apos;s data export (its zip, or
        conversations.json). They become new conversations of yours; tool calls come over as text and are never run again.
      </p>
      <input
        ref={input}
        type="file"
        accept=".json,.jsonl,.ndjson,.zip,application/json,application/zip"
        className="sr-only"
        aria-label="File to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) run.mutate(file);
        }}
      />
      <div>
        <Button variant="outline" onClick={() => input.current?.click()} disabled={run.isPending}>
          <UploadIcon aria-hidden /> {run.isPending ? "Importing…" : "Import"}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="grid gap-2 text-sm">
        {result ? (
          <>
            <p>{count === 1 ? "1 conversation imported." : `${count} conversations imported.`}</p>
            <ul className="grid gap-1">
              {result.imported.slice(0, 20).map((conversation) => (
                <li key={conversation.id}>
                  <Link className="underline underline-offset-2" href={`/${slug}/c/${conversation.id}`}>
                    {conversation.title}
                  </Link>{" "}
                  <span className="text-muted-foreground">({conversation.messages} messages)</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {run.isError ? <Alert variant="destructive">{errorMessage(run.error, run.error.message)}</Alert> : null}
    </section>
  );
}
