import { randomUUID } from "node:crypto";
import { NotFoundError } from "@/lib/agent/errors";
import { FormConflictError, FormError } from "@/lib/forms/errors";
import type {
  FormActor,
  FormAdapter,
  FormCommit,
  FormEntry,
  FormEntryOp,
  FormInstanceRecord,
  FormInstanceState,
  FormInstanceStatus,
  FormSnapshot,
  NewFormInstance,
} from "@/lib/forms/types";
import { storableFormJson } from "./form-json";

/** Which instances: those of one conversation of one tenant. */
export interface FormScope {
  organizationId: string;
  conversationId: string;
}

/** What the adapter needs of a connection: node-postgres' `Pool#query` (a pool, a client). */
export interface FormQueryable {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export const FORM_COMPLETED_EVENT = "form.completed";

/** Timestamps leave Postgres as ISO strings in UTC (columns are `timestamp(3)` holding UTC, as Prisma writes them). */
const iso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const INSTANCE_COLUMNS = `i."id", i."formKey", i."formVersion", i."status", i."version", i."state",
  ${iso(`i."createdAt"`)} AS "createdAt", ${iso(`i."updatedAt"`)} AS "updatedAt"`;

/** One entry as JSON; `value` is left out when the column is SQL NULL (absent), kept when it is JSON null. */
const entryJson = (alias: string) => `jsonb_build_object(
  'seq', ${alias}."seq", 'fieldId', ${alias}."fieldId", 'op', ${alias}."op",
  'byKind', ${alias}."byKind", 'byId', ${alias}."byId", 'byName', ${alias}."byName", 'at', ${iso(`${alias}."at"`)}
) || CASE WHEN ${alias}."value" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('value', ${alias}."value") END`;

/** $1 instance, $2 organization, $3 conversation. */
const LOAD = `
  SELECT ${INSTANCE_COLUMNS},
    COALESCE((SELECT jsonb_agg(${entryJson("e")} ORDER BY e."seq") FROM "FormEntry" e
              WHERE e."instanceId" = i."id" AND e."organizationId" = i."organizationId"), '[]'::jsonb) AS "entries"
  FROM "FormInstance" i
  WHERE i."id" = $1 AND i."organizationId" = $2 AND i."conversationId" = $3`;

/** $1 organization, $2 conversation. */
const LIST_ACTIVE = `
  SELECT ${INSTANCE_COLUMNS} FROM "FormInstance" i
  WHERE i."organizationId" = $1 AND i."conversationId" = $2 AND i."status" IN ('open', 'awaiting', 'completed')
  ORDER BY i."createdAt", i."id"`;

/**
 * $1 id, $2 organization, $3 conversation, $4 form key, $5 form version, $6 state, $7 at, $8 started by.
 * Inserted only when the conversation is this tenant's; the definition id is the tenant's form of that key, if any.
 */
const CREATE = `
  INSERT INTO "FormInstance" AS i ("id", "organizationId", "conversationId", "formKey", "formVersion", "formDefinitionId",
                              "status", "version", "state", "startedById", "createdAt", "updatedAt")
  SELECT $1, c."organizationId", c."id", $4, $5::int,
         (SELECT d."id" FROM "FormDefinition" d WHERE d."organizationId" = c."organizationId" AND d."key" = $4),
         'open', 0, $6::jsonb, $8, $7::timestamp(3), $7::timestamp(3)
  FROM "Conversation" c
  WHERE c."id" = $3 AND c."organizationId" = $2
  RETURNING ${INSTANCE_COLUMNS}`;

/**
 * The whole commit in one statement, so it is all-or-nothing and one round trip:
 * - `updated`: compare-and-set on the version (an UPDATE re-checks its WHERE on the newest row
 *   version after waiting for a concurrent writer's lock, so of concurrent commits with one
 *   expected version exactly one matches). A submission needs the form's definition: without it
 *   nothing is updated, and therefore nothing below is written either.
 * - `inserted`: the entries, numbered after the highest stored seq (only when `updated` has a row).
 * - `submitted`, `announced`: the submission and its `form.completed` outbox event.
 * The last SELECT returns the new instance with every entry, or, when nothing was updated, what
 * tells a conflict from an unknown form.
 *
 * $1 instance, $2 organization, $3 conversation, $4 expected version, $5 status, $6 state, $7 at,
 * $8 entries, $9 submission (null or {id, eventId, at, values, by, submittedById}).
 */
const COMMIT = `
  WITH current AS (
    SELECT i."version", i."formKey" FROM "FormInstance" i
    WHERE i."id" = $1 AND i."organizationId" = $2 AND i."conversationId" = $3
  ), definition AS (
    SELECT d."id" FROM "FormDefinition" d, current c WHERE d."organizationId" = $2 AND d."key" = c."formKey"
  ), updated AS (
    UPDATE "FormInstance" i SET "version" = i."version" + 1, "status" = $5, "state" = $6::jsonb, "updatedAt" = $7::timestamp(3)
    WHERE i."id" = $1 AND i."organizationId" = $2 AND i."conversationId" = $3 AND i."version" = $4::int
      AND ($9::jsonb IS NULL OR EXISTS (SELECT 1 FROM definition))
    RETURNING i.*
  ), base AS (
    SELECT COALESCE(max(e."seq"), 0) AS "seq" FROM "FormEntry" e WHERE e."instanceId" = $1 AND e."organizationId" = $2
  ), inserted AS (
    INSERT INTO "FormEntry" ("instanceId", "organizationId", "seq", "fieldId", "op", "value", "byKind", "byId", "byName", "at")
    SELECT u."id", u."organizationId", (base."seq" + x.ord)::int, x.e->>'fieldId', x.e->>'op',
           CASE WHEN x.e ? 'value' THEN x.e->'value' END, x.e->>'byKind', x.e->>'byId', x.e->>'byName', (x.e->>'at')::timestamp(3)
    FROM updated u, base, jsonb_array_elements($8::jsonb) WITH ORDINALITY AS x(e, ord)
    RETURNING *
  ), submitted AS (
    INSERT INTO "FormSubmission" ("id", "organizationId", "formDefinitionId", "formVersion", "instanceId", "conversationId",
                                  "submittedById", "status", "values", "createdAt")
    SELECT $9::jsonb->>'id', u."organizationId", d."id", u."formVersion", u."id", u."conversationId",
           $9::jsonb->>'submittedById', 'new', $9::jsonb->'values', $7::timestamp(3)
    FROM updated u, definition d
    WHERE $9::jsonb IS NOT NULL
    RETURNING *
  ), announced AS (
    INSERT INTO "OutboxEvent" ("id", "organizationId", "type", "payload", "createdAt")
    SELECT $9::jsonb->>'eventId', s."organizationId", '${FORM_COMPLETED_EVENT}',
           jsonb_build_object(
             'id', $9::jsonb->>'eventId', 'type', '${FORM_COMPLETED_EVENT}', 'created_at', $9::jsonb->>'at', 'organization_id', s."organizationId",
             'data', jsonb_build_object(
               'submission_id', s."id",
               'form', jsonb_build_object('id', s."formDefinitionId", 'key', u."formKey", 'version', s."formVersion"),
               'instance_id', s."instanceId", 'conversation_id', s."conversationId",
               'values', s."values", 'submitted_by', $9::jsonb->'by')),
           s."createdAt"
    FROM submitted s, updated u
  )
  SELECT c."version" AS "storedVersion", EXISTS (SELECT 1 FROM definition) AS "formKnown",
         u."id", u."formKey", u."formVersion", u."status", u."version", u."state",
         ${iso(`u."createdAt"`)} AS "createdAt", ${iso(`u."updatedAt"`)} AS "updatedAt",
         (SELECT COALESCE(jsonb_agg(${entryJson("e")} ORDER BY e."seq"), '[]'::jsonb)
          FROM (SELECT * FROM "FormEntry" WHERE "instanceId" = $1 AND "organizationId" = $2 UNION ALL SELECT * FROM inserted) e
          WHERE u."id" IS NOT NULL) AS "entries"
  FROM current c LEFT JOIN updated u ON true`;

interface InstanceRow {
  id: string;
  formKey: string;
  formVersion: number;
  status: string;
  version: number;
  state: FormInstanceState;
  createdAt: string;
  updatedAt: string;
}

interface EntryJson {
  seq: number;
  fieldId: string;
  op: string;
  value?: unknown;
  byKind: string;
  byId: string | null;
  byName: string | null;
  at: string;
}

type CommitRow = Partial<InstanceRow> & { storedVersion: number; formKnown: boolean; entries: EntryJson[] | null };

/**
 * The FormAdapter over Postgres (lib/forms/types.ts), scoped like PostgresStore to one tenant and
 * one conversation: every statement filters by organizationId and conversationId. Each method is
 * one statement, so one round trip, and a statement is atomic and reads one snapshot: `load` is a
 * consistent read, `commit` all-or-nothing. Plain SQL through a pg pool (not Prisma): a `fill` is a
 * load and a commit, and Prisma's per-query and interactive-transaction overhead would be most of
 * its cost (docs/benchmarks.md).
 */
export class PostgresFormAdapter implements FormAdapter {
  constructor(
    private readonly db: FormQueryable,
    readonly scope: FormScope,
  ) {}

  /** NotFoundError when the conversation is not this tenant's. */
  async create(instance: NewFormInstance): Promise<FormSnapshot> {
    const state = storableFormJson(instance.state, "The form's state");
    const { rows } = await this.db.query(CREATE, [
      instance.id,
      this.scope.organizationId,
      this.scope.conversationId,
      instance.formId,
      instance.formVersion,
      JSON.stringify(state),
      isoTime(instance.at),
      instance.by.kind === "person" ? (instance.by.id ?? null) : null,
    ]);
    const row = rows[0] as InstanceRow | undefined;
    if (!row) throw new NotFoundError("The conversation");
    return { instance: toRecord(row), entries: [] };
  }

  async load(instanceId: string): Promise<FormSnapshot | null> {
    const { rows } = await this.db.query(LOAD, [instanceId, this.scope.organizationId, this.scope.conversationId]);
    const row = rows[0] as (InstanceRow & { entries: EntryJson[] }) | undefined;
    return row ? { instance: toRecord(row), entries: row.entries.map(toEntry) } : null;
  }

  async listActive(): Promise<FormInstanceRecord[]> {
    const { rows } = await this.db.query(LIST_ACTIVE, [this.scope.organizationId, this.scope.conversationId]);
    return (rows as InstanceRow[]).map(toRecord);
  }

  /**
   * `FormConflictError` when the instance is not at `expectedVersion` (or not in this scope);
   * a FormError `unknown_form` when a submission names a form this tenant has no definition of,
   * `invalid_value` when something is not JSON, `already_submitted` for a second submission.
   * Nothing is written in any of these cases.
   */
  async commit(commit: FormCommit): Promise<FormSnapshot> {
    const commitAt = isoTime(commit.at);
    const entries = commit.entries.map((entry, index) => ({
      fieldId: entry.fieldId,
      op: entry.op,
      ...(entry.value !== undefined && { value: storableFormJson(entry.value, `The value of entry ${index + 1} (${entry.fieldId})`) }),
      ...actorColumns(entry.by),
      at: isoTime(entry.at),
    }));
    const state = storableFormJson(commit.state, "The form's state");
    const submission = commit.submission && {
      id: randomUUID(),
      eventId: randomUUID(),
      at: commitAt,
      values: storableFormJson(commit.submission.values, "The submitted values"),
      by: storableFormJson(actorJson(commit.submission.by), "The submitter"),
      submittedById: commit.submission.by.kind === "person" ? (commit.submission.by.id ?? null) : null,
    };
    let row: CommitRow | undefined;
    try {
      const { rows } = await this.db.query(COMMIT, [
        commit.instanceId,
        this.scope.organizationId,
        this.scope.conversationId,
        commit.expectedVersion,
        commit.status,
        JSON.stringify(state),
        commitAt,
        JSON.stringify(entries),
        submission ? JSON.stringify(submission) : null,
      ]);
      row = rows[0] as CommitRow | undefined;
    } catch (error) {
      throw uniqueViolation(error, commit) ?? error;
    }
    if (!row) throw new FormConflictError(commit.instanceId, commit.expectedVersion, null);
    if (row.id === null || row.id === undefined) {
      if (submission && !row.formKnown && row.storedVersion === commit.expectedVersion) {
        throw new FormError("unknown_form", "This form is not defined in this organization any more, so it cannot be submitted.", {
          instanceId: commit.instanceId,
        });
      }
      throw new FormConflictError(commit.instanceId, commit.expectedVersion, row.storedVersion);
    }
    return { instance: toRecord(row as InstanceRow), entries: (row.entries ?? []).map(toEntry) };
  }
}

/**
 * Two commits whose versions both matched can only meet here if one expected a version it had not
 * read committed (its statement began before the other committed): its entries then collide on
 * (instance, seq), and its transaction is rolled back whole. That is a conflict like any other.
 */
function uniqueViolation(error: unknown, commit: FormCommit): FormError | null {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code !== "23505") return null;
  if (constraint === "FormSubmission_organizationId_instanceId_key") {
    return new FormError("already_submitted", "This form was already submitted.", { instanceId: commit.instanceId });
  }
  return new FormConflictError(commit.instanceId, commit.expectedVersion, null);
}

/** In UTC with a Z: the `timestamp(3)` columns ignore an offset, so a time is normalised before it is sent. */
function isoTime(at: string): string {
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) throw new FormError("invalid_value", `"${at}" is not a time.`, { at });
  return time.toISOString();
}

function actorColumns(by: FormActor) {
  return { byKind: by.kind, byId: by.id ?? null, byName: by.name ?? null };
}

function actorJson(by: FormActor) {
  return { kind: by.kind, id: by.id ?? null, name: by.name ?? null };
}

function toRecord(row: InstanceRow): FormInstanceRecord {
  return {
    id: row.id,
    formId: row.formKey,
    formVersion: row.formVersion,
    status: row.status as FormInstanceStatus,
    version: row.version,
    state: row.state,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toEntry(row: EntryJson): FormEntry {
  const by: FormActor = { kind: row.byKind as FormActor["kind"] };
  if (row.byId !== null) by.id = row.byId;
  if (row.byName !== null) by.name = row.byName;
  return {
    seq: row.seq,
    fieldId: row.fieldId,
    op: row.op as FormEntryOp,
    ...("value" in row && { value: row.value }),
    by,
    at: row.at,
  };
}
