// Forms and submissions written as rows, the way the runtime will write them (a form with its
// versions; an instance, its entry log and its submission), for the integration and e2e tests of
// the submission queries and routes. Plain SQL through whatever runner the caller has.
import { randomBytes } from "node:crypto";
import type { StoredFormInput } from "@/lib/forms/stored-form";

export type RunSql = (text: string, values: unknown[]) => Promise<unknown>;

const newId = () => `t${randomBytes(12).toString("hex")}`;

/** A form whose versions are `versions` (1, 2, ...), the last one current. Its id. */
export async function insertForm(run: RunSql, organizationId: string, versions: StoredFormInput[]): Promise<string> {
  const id = newId();
  const last = versions.at(-1)!;
  await run(
    `INSERT INTO "FormDefinition" ("id", "organizationId", "key", "name", "currentVersion", "updatedAt") VALUES ($1, $2, $3, $4, $5, now())`,
    [id, organizationId, last.id, last.name, versions.length],
  );
  for (const [index, definition] of versions.entries()) {
    await run(
      `INSERT INTO "FormDefinitionVersion" ("formDefinitionId", "organizationId", "version", "definition") VALUES ($1, $2, $3, $4)`,
      [id, organizationId, index + 1, JSON.stringify(definition)],
    );
  }
  return id;
}

export interface EntryRow {
  fieldId: string;
  op?: "set" | "retract" | "undo" | "redo";
  value?: unknown;
  by?: { kind: "agent" | "person" | "api" | "executor"; id?: string; name?: string };
}

export interface SubmissionRowInput {
  organizationId: string;
  formId: string;
  formKey: string;
  formVersion?: number;
  values: Record<string, unknown>;
  /** The instance's entry log, in order; default: one agent `set` per value. */
  entries?: EntryRow[];
  submittedById?: string | null;
  conversationId?: string | null;
  status?: "new" | "processed";
  createdAt?: Date;
}

/** A submitted instance with its entries and its submission. The submission's id. */
export async function insertSubmission(run: RunSql, input: SubmissionRowInput): Promise<string> {
  const instanceId = newId();
  const submissionId = newId();
  const createdAt = input.createdAt ?? new Date();
  const version = input.formVersion ?? 1;
  const entries: EntryRow[] = input.entries ?? Object.entries(input.values).map(([fieldId, value]) => ({ fieldId, value }));
  const state = { currentStepId: null, revisiting: [], edges: {}, awaiting: null, failures: [], terminatedReason: null };
  await run(
    `INSERT INTO "FormInstance" ("id", "organizationId", "conversationId", "formKey", "formVersion", "formDefinitionId", "status", "version", "state", "startedById", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, $4, $5, $6, 'submitted', $7, $8, $9, $10, $10)`,
    [
      instanceId,
      input.organizationId,
      input.conversationId ?? null,
      input.formKey,
      version,
      input.formId,
      entries.length + 1,
      JSON.stringify(state),
      input.submittedById ?? null,
      createdAt,
    ],
  );
  for (const [index, entry] of entries.entries()) {
    const by = entry.by ?? { kind: "agent" };
    await run(
      `INSERT INTO "FormEntry" ("instanceId", "organizationId", "seq", "fieldId", "op", "value", "byKind", "byId", "byName", "at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        instanceId,
        input.organizationId,
        index + 1,
        entry.fieldId,
        entry.op ?? "set",
        entry.value === undefined ? null : JSON.stringify(entry.value),
        by.kind,
        by.id ?? null,
        by.name ?? null,
        new Date(createdAt.getTime() - (entries.length - index) * 1000),
      ],
    );
  }
  await run(
    `INSERT INTO "FormSubmission" ("id", "organizationId", "formDefinitionId", "formVersion", "instanceId", "conversationId", "submittedById", "status", "values", "createdAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      submissionId,
      input.organizationId,
      input.formId,
      version,
      instanceId,
      input.conversationId ?? null,
      input.submittedById ?? null,
      input.status ?? "new",
      JSON.stringify(input.values),
      createdAt,
    ],
  );
  return submissionId;
}

/** An expense claim as a team would define it in the builder; `extra` fields go into its travel step. */
export function expenseClaim(extra: StoredFormInput["steps"][number]["fields"] = []): StoredFormInput {
  return {
    id: "expense-claim",
    name: "Expense claim",
    steps: [
      {
        id: "who",
        title: "Who",
        fields: [
          { id: "full_name", label: "Full name", type: "text" },
          { id: "email", label: "Email", type: "email" },
        ],
      },
      {
        id: "travel",
        title: "Travel",
        fields: [
          { id: "mode", label: "Mode of travel", type: "one_of", options: ["car", "rail", "air"] },
          { id: "amount", label: "Total amount", type: "money", currency: "EUR" },
          { id: "receipts", label: "Receipts", type: "several_of", options: ["hotel", "fuel", "ticket"], required: false },
          { id: "billable", label: "Billable", type: "yes_no", required: false },
          ...extra,
        ],
      },
      { id: "confirm", title: "Confirm", confirmation: true },
    ],
  };
}
