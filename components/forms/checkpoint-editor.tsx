"use client";

import { NativeSelect } from "@/components/settings/native-select";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { CheckpointDraft, FieldDraft } from "@/lib/client/forms/draft";
import { messagesAt } from "@/lib/client/forms/problems";
import type { FormProblem } from "@/lib/client/forms/types";
import type { StoredCondition } from "@/lib/forms/stored-form";
import { ItemActions } from "./item-actions";
import { ProblemText } from "./problem-text";

type Comparison = "gt" | "gte" | "lt" | "lte";
const COMPARISONS: Comparison[] = ["gt", "gte", "lt", "lte"];
const SYMBOL: Record<Comparison, string> = { gt: ">", gte: ">=", lt: "<", lte: "<=" };

const isComparison = (condition: StoredCondition): condition is Extract<StoredCondition, { op: Comparison }> =>
  (COMPARISONS as string[]).includes(condition.op);

/** "Ask an admin to approve when [numeric field] [> >= < <=] [number]", with the approval card's title and text. */
export function CheckpointEditor({
  checkpoint,
  index,
  numericFields,
  problems,
  onChange,
  onRemove,
}: {
  checkpoint: CheckpointDraft;
  index: number;
  numericFields: FieldDraft[];
  problems: readonly FormProblem[];
  onChange(checkpoint: CheckpointDraft): void;
  onRemove(): void;
}) {
  const at = `checkpoints[${index}]`;
  const name = `Approval ${index + 1}`;
  // An imported checkpoint may use another kind of condition; the editor shows it as a comparison from here on.
  const when = isComparison(checkpoint.when) ? checkpoint.when : { field: checkpoint.when.field, op: "gt" as const, value: 0 };
  const setWhen = (patch: Partial<typeof when>) => onChange({ ...checkpoint, when: { ...when, ...patch } });
  const setApproval = (patch: Partial<CheckpointDraft["approval"]>) =>
    onChange({ ...checkpoint, approval: { ...checkpoint.approval, ...patch } });
  return (
    <section role="group" aria-label={name} className="grid gap-3 rounded-lg border bg-muted/30 p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 className="pt-1.5 font-semibold">
          {name}: {checkpoint.approval.title || "untitled"}
        </h3>
        <ItemActions name={`approval ${checkpoint.approval.title || index + 1}`} first last onRemove={onRemove} />
      </div>
      <ProblemText problems={problems} at={at} shownElsewhere={[`${at}.when`, `${at}.approval.title`, `${at}.approval.body`]} />
      <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label={`When ${name.toLowerCase()} is asked`}>
        <span>Ask an admin to approve when</span>
        <NativeSelect
          aria-label={`Field ${name.toLowerCase()} looks at`}
          value={when.field}
          onChange={(event) => setWhen({ field: event.target.value })}
        >
          {numericFields.some((field) => field.id === when.field) ? null : (
            <option value={when.field}>{when.field || "Choose a field"}</option>
          )}
          {numericFields.map((field) => (
            <option key={field.key} value={field.id}>
              {field.label || field.id}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label={`Comparison of ${name.toLowerCase()}`}
          value={when.op}
          onChange={(event) => setWhen({ op: event.target.value as Comparison })}
        >
          {COMPARISONS.map((op) => (
            <option key={op} value={op}>
              {SYMBOL[op]}
            </option>
          ))}
        </NativeSelect>
        <Input
          type="number"
          aria-label={`Limit of ${name.toLowerCase()}`}
          className="w-32"
          value={String(when.value)}
          onChange={(event) => setWhen({ value: event.target.valueAsNumber || 0 })}
        />
      </div>
      {messagesAt(problems, `${at}.when`).length > 0 ? (
        <p className="text-sm font-medium text-destructive">{messagesAt(problems, `${at}.when`).join(" ")}</p>
      ) : null}
      <FormField label="Approval title" error={messagesAt(problems, `${at}.approval.title`)} required>
        <Input value={checkpoint.approval.title} onChange={(event) => setApproval({ title: event.target.value })} />
      </FormField>
      <FormField
        label="Approval text"
        description="What the approver reads on the card."
        error={messagesAt(problems, `${at}.approval.body`)}
      >
        <Textarea rows={2} value={checkpoint.approval.body ?? ""} onChange={(event) => setApproval({ body: event.target.value })} />
      </FormField>
    </section>
  );
}
