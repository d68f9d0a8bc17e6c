"use client";

import { useId, useMemo, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { NativeSelect } from "@/components/settings/native-select";
import { ApiError, apiFetch } from "@/lib/client/api";
import type { InboxResolveResult, V1InboxItem } from "@/lib/schemas/v1-inbox";
import { answerText } from "./item-status";
import { buildAnswer, responseFields, type FieldInputs, type ResponseField } from "./response-fields";

/** What the dialog needs of an item: the page's wire item and the chat's store item both carry it. */
export interface AnswerableItem {
  publicId: string;
  tag: string;
  request: string;
  responseSchema: Record<string, unknown> | null;
}

type Problem = { fields: Record<string, string>; general: string | null; winner: V1InboxItem | null };
const NO_PROBLEM: Problem = { fields: {}, general: null, winner: null };

/** The server's refusal, placed: 422 issues at their fields (`response.<name>`), a 409's winning answer, else its message. */
function problemOf(error: unknown): Problem {
  if (!(error instanceof ApiError)) return { ...NO_PROBLEM, general: "The answer was not sent. Try again." };
  if (error.status === 409) {
    const item = (error.details as { item?: V1InboxItem } | undefined)?.item ?? null;
    return { ...NO_PROBLEM, general: error.message, winner: item };
  }
  const fields: Record<string, string> = {};
  const loose: string[] = [];
  for (const issue of error.issues) {
    const name = issue.path.startsWith("response.") ? issue.path.slice("response.".length) : null;
    if (name && !(name in fields)) fields[name] = issue.message;
    else if (!name) loose.push(`${issue.path ? `${issue.path} ` : ""}${issue.message}`);
  }
  const general = loose.length > 0 ? loose.join("; ") : Object.keys(fields).length === 0 ? error.message : null;
  return { fields, general, winner: null };
}

/** Answers one pending inbox item by hand: a form generated from its response schema, or a text answer. */
export function AnswerDialog({
  slug,
  item,
  onClose,
  onAnswered,
}: {
  slug: string;
  item: AnswerableItem | null;
  onClose: () => void;
  onAnswered?: (result: InboxResolveResult) => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {item && <AnswerForm key={item.publicId} slug={slug} item={item} onClose={onClose} onAnswered={onAnswered} />}
      </DialogContent>
    </Dialog>
  );
}

function AnswerForm({
  slug,
  item,
  onClose,
  onAnswered,
}: {
  slug: string;
  item: AnswerableItem;
  onClose: () => void;
  onAnswered?: (result: InboxResolveResult) => void;
}) {
  const fields = useMemo(() => responseFields(item.responseSchema), [item.responseSchema]);
  const [inputs, setInputs] = useState<FieldInputs>({});
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<Problem>(NO_PROBLEM);
  const resolve = useMutation({
    mutationFn: (response: unknown) =>
      apiFetch<InboxResolveResult>(`/api/orgs/${slug}/inbox/${item.publicId}/resolve`, { body: { response } }),
    onSuccess: (result) => {
      toast.success(result.continued ? "Answered. The agent continues the conversation." : "Answered.");
      onAnswered?.(result);
      onClose();
    },
    onError: (error) => setProblem(problemOf(error)),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!fields) {
      if (text.trim() === "") return setProblem({ ...NO_PROBLEM, fields: { "": "Write an answer." } });
      return resolve.mutate(text);
    }
    const built = buildAnswer(fields, inputs);
    if (!built.ok) return setProblem(problemOf(new ApiError(422, "invalid_response", "", built.issues)));
    resolve.mutate(built.value);
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Answer “{item.tag}”</DialogTitle>
        <DialogDescription className="whitespace-pre-wrap">{item.request}</DialogDescription>
      </DialogHeader>
      {fields ? (
        fields.map((field) => (
          <FieldControl
            key={field.name}
            field={field}
            value={inputs[field.name] ?? ""}
            error={problem.fields[field.name]}
            onChange={(value) => setInputs((current) => ({ ...current, [field.name]: value }))}
          />
        ))
      ) : (
        <FormField label="Answer" required error={problem.fields[""]}>
          <Textarea name="answer" rows={4} value={text} onChange={(event) => setText(event.target.value)} />
        </FormField>
      )}
      {problem.general && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {problem.general}
            {problem.winner && (
              <span className="mt-1 block">
                The answer that stands: <code>{answerText(problem.winner.response)}</code>
              </span>
            )}
          </AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Close
          </Button>
        </DialogClose>
        <Button type="submit" disabled={resolve.isPending || problem.winner !== null}>
          {resolve.isPending ? "Sending…" : "Send answer"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function FieldControl({
  field,
  value,
  error,
  onChange,
}: {
  field: ResponseField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = `${useId()}-error`;
  const common = { label: field.label, description: field.description, required: field.required, error };
  switch (field.kind) {
    case "text":
      return (
        <FormField {...common}>
          {field.multiline ? (
            <Textarea name={field.name} rows={4} maxLength={field.maxLength} value={value} onChange={(e) => onChange(e.target.value)} />
          ) : (
            <Input name={field.name} maxLength={field.maxLength} value={value} onChange={(e) => onChange(e.target.value)} />
          )}
        </FormField>
      );
    case "number":
      return (
        <FormField {...common}>
          <Input
            name={field.name}
            type="number"
            step={field.integer ? 1 : "any"}
            inputMode={field.integer ? "numeric" : "decimal"}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </FormField>
      );
    case "enum":
      return (
        <FormField {...common}>
          {(control) => (
            <NativeSelect {...control} name={field.name} value={value} onChange={(e) => onChange(e.target.value)}>
              <option value="">Choose…</option>
              {field.options.map((option, index) => (
                <option key={String(option)} value={String(index)}>
                  {String(option)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      );
    case "boolean":
      return (
        <fieldset className="grid gap-2" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
          <legend className="text-sm font-medium">
            {field.label}
            {field.required && (
              <span aria-hidden className="ml-0.5 text-destructive">
                *
              </span>
            )}
          </legend>
          {field.description && <p className="text-sm text-muted-foreground">{field.description}</p>}
          <div className="flex gap-4">
            {(["yes", "no"] as const).map((choice) => (
              <label key={choice} className="flex items-center gap-1.5 text-sm">
                <input type="radio" name={field.name} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
                {choice === "yes" ? "Yes" : "No"}
              </label>
            ))}
          </div>
          {error && (
            <p id={errorId} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </fieldset>
      );
    case "json":
      return (
        <FormField {...common} description={field.description ?? "As JSON."}>
          <Textarea name={field.name} rows={3} className="font-mono" value={value} onChange={(e) => onChange(e.target.value)} />
        </FormField>
      );
  }
}
