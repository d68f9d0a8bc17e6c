import { storedFormSchema, type StoredForm } from "@/lib/forms/stored-form";
import type {
  Submission,
  SubmissionColumn,
  SubmissionDetail,
  SubmissionFilters,
  SubmissionRevision,
  SubmissionStatus,
} from "@/lib/schemas/form-submissions";
import { recordAudit } from "./audit";
import { Prisma, prisma } from "./client";
import { endOf, startOf } from "./date-range";
import { decodeCursor, encodeCursor, escapeLike } from "./keyset-cursor";
import type { TenantContext } from "./tenant-context";

/**
 * A form's submissions (FormSubmission rows, written by the runtime with their `form.completed`
 * event) as admins read them: a filtered, keyset-paginated list, one submission with the revision
 * history of its instance (FormEntry), and the status an admin sets. Every query is scoped to the
 * tenant and to the form; a form of another organization reads as missing.
 */

type Tenant = Pick<TenantContext, "organizationId">;

/** A `field` filter on an id that no version of the form with submissions has. */
export class UnknownSubmissionFieldError extends Error {
  constructor(
    readonly field: string,
    readonly known: string[],
  ) {
    super(`The form has no field "${field}". Filter on one of: ${known.join(", ") || "(no fields)"}.`);
    this.name = "UnknownSubmissionFieldError";
  }
}

export interface SubmissionForm {
  id: string;
  key: string;
  name: string;
  currentVersion: number;
  /** The current version's fields in form order, then fields only older versions with submissions have. */
  columns: SubmissionColumn[];
}

/**
 * The form and its columns, or null when the organization has no such form. Older versions count
 * only when a submission was made on them: a field removed before anyone answered it is no column.
 */
export async function loadSubmissionForm(ctx: Tenant, formId: string): Promise<SubmissionForm | null> {
  const form = await prisma.formDefinition.findFirst({
    where: { id: formId, organizationId: ctx.organizationId },
    select: { id: true, key: true, name: true, currentVersion: true },
  });
  if (!form) return null;
  const used = await prisma.formSubmission.findMany({
    where: { organizationId: ctx.organizationId, formDefinitionId: form.id },
    distinct: ["formVersion"],
    select: { formVersion: true },
  });
  const versions = await prisma.formDefinitionVersion.findMany({
    where: {
      formDefinitionId: form.id,
      organizationId: ctx.organizationId,
      version: { in: [form.currentVersion, ...used.map((u) => u.formVersion)] },
    },
    orderBy: { version: "desc" },
    select: { version: true, definition: true },
  });
  const ordered = [
    ...versions.filter((v) => v.version === form.currentVersion),
    ...versions.filter((v) => v.version !== form.currentVersion),
  ];
  const columns = new Map<string, SubmissionColumn>();
  for (const { definition } of ordered) {
    for (const field of fieldsOf(definition)) if (!columns.has(field.id)) columns.set(field.id, field);
  }
  return { ...form, columns: [...columns.values()] };
}

/** A stored definition's fields; one that no longer parses (written by hand) contributes none rather than failing the list. */
function fieldsOf(definition: unknown): SubmissionColumn[] {
  const parsed = storedFormSchema.safeParse(definition);
  if (!parsed.success) return [];
  const form: StoredForm = parsed.data;
  return form.steps.flatMap((step) => step.fields.map((field) => ({ id: field.id, label: field.label, type: field.type })));
}

interface SubmissionRow {
  id: string;
  createdAt: Date;
  status: string;
  formVersion: number;
  submittedById: string | null;
  userName: string | null;
  userEmail: string | null;
  conversationId: string | null;
  instanceId: string;
  values: Prisma.JsonValue;
}

const toSubmission = (row: SubmissionRow): Submission => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  status: row.status === "processed" ? "processed" : "new",
  formVersion: row.formVersion,
  // A deleted user keeps the submission: the id stays, the name says so.
  submittedBy: row.submittedById ? { id: row.submittedById, name: row.userName ?? "Deleted user", email: row.userEmail ?? "" } : null,
  conversationId: row.conversationId,
  values: row.values && typeof row.values === "object" && !Array.isArray(row.values) ? (row.values as Record<string, unknown>) : {},
});

const SELECT = Prisma.sql`
  SELECT s."id", s."createdAt", s."status", s."formVersion", s."submittedById", s."conversationId", s."instanceId", s."values",
         u."name" AS "userName", u."email" AS "userEmail"
  FROM "FormSubmission" s
  LEFT JOIN "User" u ON u."id" = s."submittedById"`;

/**
 * Newest first, keyset-paginated on (createdAt, id), so pages stay stable while submissions arrive.
 * `field` + `value`: the field's stored value, as JSON text, contains `value` case-insensitively and
 * literally (% and _ too); a field no column has is refused (UnknownSubmissionFieldError).
 */
export async function listSubmissions(
  ctx: Tenant,
  form: SubmissionForm,
  options: SubmissionFilters & { cursor?: string | null; limit: number },
): Promise<{ submissions: Submission[]; nextCursor: string | null }> {
  if (options.field !== undefined && !form.columns.some((column) => column.id === options.field)) {
    throw new UnknownSubmissionFieldError(
      options.field,
      form.columns.map((column) => column.id),
    );
  }
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const conditions = [
    Prisma.sql`s."organizationId" = ${ctx.organizationId}`,
    Prisma.sql`s."formDefinitionId" = ${form.id}`,
    options.from && Prisma.sql`s."createdAt" >= ${startOf(options.from)}::timestamp(3)`,
    options.to && Prisma.sql`s."createdAt" < ${endOf(options.to)}::timestamp(3)`,
    options.submitter && Prisma.sql`s."submittedById" = ${options.submitter}`,
    options.status && Prisma.sql`s."status" = ${options.status}`,
    options.field !== undefined &&
      options.value !== undefined &&
      Prisma.sql`(s."values" ->> ${options.field}) ILIKE ${`%${escapeLike(options.value)}%`} ESCAPE '\\'`,
    after && Prisma.sql`(s."createdAt", s."id") < (${after.at}::timestamp(3), ${after.id})`,
  ].filter((condition): condition is Prisma.Sql => Boolean(condition));
  const rows = await prisma.$queryRaw<SubmissionRow[]>`
    ${SELECT}
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY s."createdAt" DESC, s."id" DESC
    LIMIT ${options.limit + 1}`;
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    submissions: page.map(toSubmission),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** One submission of the form with every entry of its instance, in commit order; null when not in this tenant and form. */
export async function getSubmission(ctx: Tenant, form: SubmissionForm, submissionId: string): Promise<SubmissionDetail | null> {
  const [row] = await prisma.$queryRaw<SubmissionRow[]>`
    ${SELECT}
    WHERE s."id" = ${submissionId} AND s."organizationId" = ${ctx.organizationId} AND s."formDefinitionId" = ${form.id}`;
  if (!row) return null;
  const [entries, conversation] = await Promise.all([
    prisma.formEntry.findMany({
      where: { instanceId: row.instanceId, organizationId: ctx.organizationId },
      orderBy: { seq: "asc" },
    }),
    row.conversationId
      ? prisma.conversation.findFirst({
          where: { id: row.conversationId, organizationId: ctx.organizationId, deletedAt: null },
          select: { id: true, title: true },
        })
      : null,
  ]);
  const labels = new Map(form.columns.map((column) => [column.id, column.label]));
  const history: SubmissionRevision[] = entries.map((entry) => ({
    field: entry.fieldId,
    label: labels.get(entry.fieldId) ?? entry.fieldId,
    op: entry.op as SubmissionRevision["op"],
    value: entry.value ?? null,
    by: { kind: entry.byKind as SubmissionRevision["by"]["kind"], id: entry.byId, name: entry.byName },
    at: entry.at.toISOString(),
  }));
  return { submission: { ...toSubmission(row), columns: form.columns, history }, conversation: conversation ?? null };
}

/**
 * Sets the status, audited (`form.submission_status`) in the same transaction when it changes;
 * the submission as it is now, or null when not in this tenant and form.
 */
export async function setSubmissionStatus(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  form: SubmissionForm,
  submissionId: string,
  status: SubmissionStatus,
  ip?: string | null,
): Promise<Submission | null> {
  return prisma.$transaction(async (tx) => {
    // The row lock makes the audited "from" the status this change replaced, also under concurrent changes.
    const [before] = await tx.$queryRaw<{ status: string }[]>`
      SELECT "status" FROM "FormSubmission"
      WHERE "id" = ${submissionId} AND "organizationId" = ${ctx.organizationId} AND "formDefinitionId" = ${form.id}
      FOR UPDATE`;
    if (!before) return null;
    if (before.status !== status) {
      await tx.formSubmission.update({
        where: { organizationId_id: { organizationId: ctx.organizationId, id: submissionId } },
        data: { status },
      });
      await recordAudit(
        {
          organizationId: ctx.organizationId,
          actorId: ctx.userId,
          action: "form.submission_status",
          target: submissionId,
          metadata: { formId: form.id, formKey: form.key, from: before.status, to: status },
          ip,
        },
        tx,
      );
    }
    const [row] = await tx.$queryRaw<SubmissionRow[]>`${SELECT} WHERE s."id" = ${submissionId}`;
    return toSubmission(row);
  });
}
