"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { HttpToolView, TryHttpToolResult } from "@/lib/schemas/http-tools";

/** A sample input with one key per field, for the admin to fill in. */
function sampleInput(tool: HttpToolView): string {
  const sample = Object.fromEntries(
    tool.fields.map((field) => [field.id, field.type === "number" || field.type === "integer" || field.type === "money" ? 0 : ""]),
  );
  return JSON.stringify(sample, null, 2);
}

/** "Try it": runs the tool once with sample input and shows the request as sent (secrets masked) and the response. */
export function HttpToolTry({ slug, tool }: { slug: string; tool: HttpToolView }) {
  const [input, setInput] = useState(() => sampleInput(tool));
  const [result, setResult] = useState<TryHttpToolResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function run(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(input);
    } catch {
      return setError("The sample input is not valid JSON.");
    }
    setPending(true);
    try {
      setResult(await apiFetch<TryHttpToolResult>(`/api/orgs/${slug}/http-tools/${tool.id}/try`, { body: { input: parsed } }));
    } catch (caught) {
      setResult(null);
      setError(errorMessage(caught, "The tool could not be tried. Try again."));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void run(event)} className="grid gap-3" aria-label={`Try ${tool.name}`}>
      <FormField label="Sample input (JSON)" description="Sends a real request with these values; the response is not given to any model.">
        <Textarea
          className="font-mono"
          rows={Math.min(8, tool.fields.length + 2)}
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
      </FormField>
      <Button type="submit" size="sm" className="w-fit" disabled={pending}>
        {pending ? "Running…" : "Run"}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {result && (
        <div className="grid gap-2" role="region" aria-label="Try it result">
          {result.request && (
            <div className="grid gap-1">
              <h4 className="text-sm font-medium">Request as sent</h4>
              <pre className="overflow-x-auto rounded-md bg-muted p-2 text-xs">
                {[
                  `${result.request.method} ${result.request.url}`,
                  ...Object.entries(result.request.headers).map(([name, value]) => `${name}: ${value}`),
                  ...(result.request.body === null ? [] : ["", result.request.body]),
                ].join("\n")}
              </pre>
            </div>
          )}
          <div className="grid gap-1">
            <h4 className="flex items-center gap-2 text-sm font-medium">
              Response{" "}
              <Badge variant={result.outcome.status === "success" ? "secondary" : "destructive"}>
                {result.outcome.status === "success" ? "Success" : "Error"}
              </Badge>
            </h4>
            {result.outcome.message && <p className="text-sm text-destructive">{result.outcome.message}</p>}
            <pre className="max-h-80 overflow-auto rounded-md bg-muted p-2 text-xs" aria-label="Response data">
              {JSON.stringify(result.outcome.data, null, 2)}
            </pre>
          </div>
        </div>
      )}
    </form>
  );
}
