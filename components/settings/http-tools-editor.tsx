"use client";

import { useState } from "react";
import { FieldEditor } from "@/components/forms/field-editor";
import { NativeSelect } from "@/components/settings/native-select";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, errorMessage, type FieldIssue } from "@/lib/client/api";
import { moved, slugId, storedField, uniqueId, type FieldDraft } from "@/lib/client/forms/draft";
import { messagesAt } from "@/lib/client/forms/problems";
import { HTTP_TOOL_METHODS, type CreateHttpToolInput, type HttpToolMethod, type HttpToolView } from "@/lib/schemas/http-tools";

/**
 * The editor of one HTTP tool: name, description, the input fields (the form builder's field
 * editor), method, URL template, headers, JSON body template, timeout and whether it needs
 * approval. The server checks the whole definition; its problems show at each input.
 */

interface HeaderDraft {
  key: number;
  name: string;
  value: string;
}

let lastKey = 0;
const nextKey = () => ++lastKey;

function fieldDrafts(tool: HttpToolView | null): FieldDraft[] {
  return (tool?.fields ?? []).map((field) => ({ ...field, key: `f${nextKey()}`, idEdited: true }));
}

export function HttpToolEditor({
  tool,
  onSave,
  onCancel,
}: {
  tool: HttpToolView | null;
  onSave(body: CreateHttpToolInput): Promise<unknown>;
  onCancel(): void;
}) {
  const [name, setName] = useState(tool?.name ?? "");
  const [description, setDescription] = useState(tool?.description ?? "");
  const [method, setMethod] = useState<HttpToolMethod>(tool?.method ?? "GET");
  const [url, setUrl] = useState(tool?.url_template ?? "");
  const [headers, setHeaders] = useState<HeaderDraft[]>(() =>
    Object.entries(tool?.headers ?? {}).map(([headerName, value]) => ({ key: nextKey(), name: headerName, value })),
  );
  const [body, setBody] = useState(tool?.body_template == null ? "" : JSON.stringify(tool.body_template, null, 2));
  const [timeoutSeconds, setTimeoutSeconds] = useState(String((tool?.timeout_ms ?? 10_000) / 1000));
  const [needsApproval, setNeedsApproval] = useState(tool?.requires_permission ?? true);
  const [enabled, setEnabled] = useState(tool?.enabled ?? true);
  const [fields, setFields] = useState<FieldDraft[]>(() => fieldDrafts(tool));
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const at = (path: string) => messagesAt(issues, path);
  const headerIssues = issues.filter((issue) => issue.path.startsWith("headers")).map((issue) => issue.message);
  const bodyIssues = issues.filter((issue) => issue.path.startsWith("body_template")).map((issue) => issue.message);
  const takenIds = new Set(fields.map((field) => field.id));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setIssues([]);
    let bodyTemplate: unknown = null;
    if (body.trim() !== "") {
      try {
        bodyTemplate = JSON.parse(body);
      } catch {
        return setIssues([{ path: "body_template", message: "The body template is not valid JSON." }]);
      }
    }
    setPending(true);
    try {
      await onSave({
        name: name.trim(),
        description: description.trim(),
        method,
        url_template: url.trim(),
        headers: Object.fromEntries(
          headers.filter((header) => header.name.trim() !== "").map((header) => [header.name.trim(), header.value]),
        ),
        body_template: bodyTemplate as CreateHttpToolInput["body_template"],
        timeout_ms: Math.round(Number(timeoutSeconds) * 1000),
        requires_permission: needsApproval,
        enabled,
        fields: fields.map(storedField),
      });
    } catch (caught) {
      setError(errorMessage(caught, "The tool was not saved. Try again."));
      if (caught instanceof ApiError) setIssues(caught.issues);
    } finally {
      setPending(false);
    }
  }

  const addField = () =>
    setFields((current) => [
      ...current,
      { key: `f${nextKey()}`, idEdited: false, id: uniqueId(slugId("field"), takenIds), label: "", type: "text", required: true },
    ]);

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-lg border p-4"
      aria-label={tool ? `Edit ${tool.name}` : "New HTTP tool"}
    >
      <h3 className="font-semibold">{tool ? `Edit ${tool.name}` : "New HTTP tool"}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Name" required description="What the model calls it: lowercase letters, digits and _." error={at("name")}>
          <Input className="font-mono" value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
        </FormField>
        <FormField label="Method" error={at("method")}>
          {(control) => (
            <NativeSelect {...control} value={method} onChange={(event) => setMethod(event.target.value as HttpToolMethod)}>
              {HTTP_TOOL_METHODS.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField
        label="Description"
        required
        description="What it does and when to use it: the model reads this."
        error={at("description")}
      >
        <Textarea value={description} onChange={(event) => setDescription(event.target.value)} rows={2} />
      </FormField>
      <FormField
        label="URL"
        required
        description="Placeholders {{input.<field id>}} go in the path or the query; they are encoded. Secrets never go in the URL."
        error={at("url_template")}
      >
        <Input
          className="font-mono"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://api.example.com/orders/{{input.order_id}}"
          autoComplete="off"
        />
      </FormField>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Input fields</legend>
        {fields.length === 0 && <p className="text-sm text-muted-foreground">No input: the model calls the tool without arguments.</p>}
        {fields.map((field, index) => (
          <FieldEditor
            key={field.key}
            field={field}
            at={`fields[${index}]`}
            name={`Field ${index + 1}`}
            earlier={[]}
            takenIds={new Set(fields.filter((other) => other.key !== field.key).map((other) => other.id))}
            problems={issues}
            first={index === 0}
            last={index === fields.length - 1}
            withCondition={false}
            onChange={(next) => setFields((current) => current.map((other) => (other.key === field.key ? next : other)))}
            onMove={(delta) => setFields((current) => moved(current, index, delta))}
            onRemove={() => setFields((current) => current.filter((other) => other.key !== field.key))}
          />
        ))}
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={addField}>
          Add field
        </Button>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Headers</legend>
        <p className="text-xs text-muted-foreground">
          Values may hold {"{{input.<field id>}}"} and {"{{secret.<NAME>}}"}, e.g. Bearer {"{{secret.CRM_TOKEN}}"}.
        </p>
        {headers.map((header, index) => (
          <div key={header.key} className="flex flex-wrap gap-2" role="group" aria-label={`Header ${index + 1}`}>
            <Input
              aria-label={`Header ${index + 1} name`}
              className="w-48 font-mono"
              value={header.name}
              onChange={(event) =>
                setHeaders((current) => current.map((h) => (h.key === header.key ? { ...h, name: event.target.value } : h)))
              }
            />
            <Input
              aria-label={`Header ${index + 1} value`}
              className="min-w-60 flex-1 font-mono"
              value={header.value}
              onChange={(event) =>
                setHeaders((current) => current.map((h) => (h.key === header.key ? { ...h, value: event.target.value } : h)))
              }
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setHeaders((current) => current.filter((h) => h.key !== header.key))}
            >
              Remove
            </Button>
          </div>
        ))}
        {headerIssues.map((message) => (
          <p key={message} className="text-sm text-destructive">
            {message}
          </p>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => setHeaders((current) => [...current, { key: nextKey(), name: "", value: "" }])}
        >
          Add header
        </Button>
      </fieldset>

      <FormField
        label="Body template (JSON)"
        description='Optional. A value that is exactly "{{input.x}}" becomes that input as JSON (a number stays a number); inside longer text it is filled in.'
        error={bodyIssues}
      >
        <Textarea
          className="font-mono"
          rows={5}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          placeholder='{"note": "{{input.text}}"}'
        />
      </FormField>
      <div className="flex flex-wrap items-end gap-4">
        <FormField label="Timeout (seconds)" description="1 to 30." error={at("timeout_ms")} className="w-40">
          <Input type="number" min={1} max={30} value={timeoutSeconds} onChange={(event) => setTimeoutSeconds(event.target.value)} />
        </FormField>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" checked={needsApproval} onChange={(event) => setNeedsApproval(event.target.checked)} />
          Needs approval (a person allows each call)
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          Enabled
        </label>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save tool"}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
