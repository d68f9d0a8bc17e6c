import { storedFormSchema, type StoredForm } from "@/lib/forms/stored-form";
import { recordAudit } from "./audit";
import { prisma } from "./client";
import { keepWithinPlaceLimit, type PlaceLimit } from "./plan-limit";
import { Prisma } from "./generated/client";
import { sameJson } from "./same-json";
import type { TenantContext } from "./tenant-context";

/**
 * Forms a team defines: a `FormDefinition` (key, name, current version) and one immutable
 * `FormDefinitionVersion` per save, so running instances keep the version they started on.
 * Definitions arrive checked (checkStoredForm); every write is audited in its own transaction.
 */

type Db = Prisma.TransactionClient | typeof prisma;
type Actor = TenantContext & { ip?: string | null };

/** Why a write was refused; the service turns it into 404/409/422. */
export class FormDefinitionRuleError extends Error {
  constructor(
    readonly reason: "key_taken" | "version_conflict" | "key_changed" | "archived",
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "FormDefinitionRuleError";
  }
}

export interface FormSummaryRecord {
  id: string;
  key: string;
  name: string;
  description: string;
  currentVersion: number;
  fieldCount: number;
  submissionCount: number;
  archived: boolean;
  updatedAt: string;
}

export interface FormDetailRecord extends FormSummaryRecord {
  definition: StoredForm;
  versions: { version: number; createdAt: string; createdBy: { id: string; name: string } | null }[];
}

const fieldCount = (form: StoredForm) => form.steps.reduce((count, step) => count + step.fields.length, 0);

type FormRow = { id: string; key: string; name: string; currentVersion: number; archivedAt: Date | null; updatedAt: Date };

function summary(row: FormRow, definition: StoredForm, submissionCount: number): FormSummaryRecord {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: definition.description,
    currentVersion: row.currentVersion,
    fieldCount: fieldCount(definition),
    submissionCount,
    archived: row.archivedAt !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Newest first; archived forms only when asked for. */
export async function listFormDefinitions(ctx: TenantContext, options: { archived?: boolean } = {}): Promise<FormSummaryRecord[]> {
  const rows = await prisma.formDefinition.findMany({
    where: { organizationId: ctx.organizationId, ...(!options.archived && { archivedAt: null }) },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    include: { _count: { select: { submissions: true } } },
  });
  if (rows.length === 0) return [];
  const versions = await prisma.formDefinitionVersion.findMany({
    where: { organizationId: ctx.organizationId, OR: rows.map((row) => ({ formDefinitionId: row.id, version: row.currentVersion })) },
    select: { formDefinitionId: true, definition: true },
  });
  const byForm = new Map(versions.map((version) => [version.formDefinitionId, storedFormSchema.parse(version.definition)]));
  return rows.flatMap((row) => {
    const definition = byForm.get(row.id);
    return definition ? [summary(row, definition, row._count.submissions)] : [];
  });
}

/** One form with its current definition and every version's date and author; null when the organization has no such form. */
export async function getFormDefinition(ctx: TenantContext, formId: string, db: Db = prisma): Promise<FormDetailRecord | null> {
  const row = await db.formDefinition.findFirst({
    where: { id: formId, organizationId: ctx.organizationId },
    include: {
      _count: { select: { submissions: true } },
      versions: { orderBy: { version: "desc" }, select: { version: true, createdAt: true, createdById: true, definition: true } },
    },
  });
  if (!row) return null;
  const current = row.versions.find((version) => version.version === row.currentVersion);
  if (!current) return null;
  const authorIds = [...new Set(row.versions.map((version) => version.createdById).filter((id): id is string => Boolean(id)))];
  const authors = await db.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, name: true } });
  const byId = new Map(authors.map((author) => [author.id, author]));
  const definition = storedFormSchema.parse(current.definition);
  return {
    ...summary(row, definition, row._count.submissions),
    definition,
    versions: row.versions.map((version) => ({
      version: version.version,
      createdAt: version.createdAt.toISOString(),
      createdBy: version.createdById ? (byId.get(version.createdById) ?? { id: version.createdById, name: "Deleted user" }) : null,
    })),
  };
}

export async function getFormDefinitionVersion(ctx: TenantContext, formId: string, version: number) {
  const row = await prisma.formDefinitionVersion.findFirst({
    where: { formDefinitionId: formId, organizationId: ctx.organizationId, version },
    select: { version: true, createdAt: true, definition: true },
  });
  return row && { version: row.version, createdAt: row.createdAt.toISOString(), definition: storedFormSchema.parse(row.definition) };
}

/** The key is the definition's id. A taken key (archived forms keep theirs) is a `key_taken` refusal. */
export async function createFormDefinition(
  ctx: Actor,
  definition: StoredForm,
  action: "form.created" | "form.imported" = "form.created",
  place?: PlaceLimit,
): Promise<FormDetailRecord> {
  try {
    return await prisma.$transaction(async (tx) => {
      // Archived forms keep their key but no longer count.
      await keepWithinPlaceLimit(tx, ctx.organizationId, "forms", place, () =>
        tx.formDefinition.count({ where: { organizationId: ctx.organizationId, archivedAt: null } }),
      );
      const taken = await tx.formDefinition.findFirst({
        where: { organizationId: ctx.organizationId, key: definition.id },
        select: { id: true },
      });
      if (taken) throw keyTaken(definition.id, taken.id);
      const created = await tx.formDefinition.create({
        data: {
          organizationId: ctx.organizationId,
          key: definition.id,
          name: definition.name,
          currentVersion: 1,
          createdById: ctx.userId,
          versions: {
            create: {
              version: 1,
              definition: definition as Prisma.InputJsonValue,
              createdById: ctx.userId,
            },
          },
        },
      });
      await recordAudit(
        {
          organizationId: ctx.organizationId,
          actorId: ctx.userId,
          action,
          target: definition.id,
          metadata: { formId: created.id, version: 1 },
          ip: ctx.ip,
        },
        tx,
      );
      return (await getFormDefinition(ctx, created.id, tx))!;
    });
  } catch (error) {
    // Two creates of one key at once: the unique index refuses the second.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw keyTaken(definition.id);
    throw error;
  }
}

const keyTaken = (key: string, formId?: string) =>
  new FormDefinitionRuleError("key_taken", `A form with the id "${key}" already exists in this organization. Choose another id.`, {
    key,
    ...(formId && { formId }),
  });

/**
 * Saves a new version when the definition differs from the current one, under compare-and-set on
 * `currentVersion`: `baseVersion` is the version the editor started from, and a save by someone
 * else since then is a `version_conflict`. An identical definition changes nothing. Null: no such form.
 */
export async function updateFormDefinition(
  ctx: Actor,
  formId: string,
  definition: StoredForm,
  baseVersion: number,
): Promise<FormDetailRecord | null> {
  return prisma.$transaction(async (tx) => {
    const current = await getFormDefinition(ctx, formId, tx);
    if (!current) return null;
    if (current.archived) throw new FormDefinitionRuleError("archived", "This form is archived; it can no longer be edited.");
    if (definition.id !== current.key)
      throw new FormDefinitionRuleError(
        "key_changed",
        `A form's id cannot change: keep "${current.key}" (create a new form for a new id).`,
        {
          key: current.key,
        },
      );
    if (current.currentVersion !== baseVersion) throw versionConflict(baseVersion, current.currentVersion);
    if (sameJson(current.definition, definition)) return current;
    const next = baseVersion + 1;
    // The WHERE re-checks under the row lock: of two saves from one base version, the second updates nothing.
    const { count } = await tx.formDefinition.updateMany({
      where: { id: formId, organizationId: ctx.organizationId, currentVersion: baseVersion },
      data: { currentVersion: next, name: definition.name },
    });
    if (count === 0) throw versionConflict(baseVersion, null);
    await tx.formDefinitionVersion.create({
      data: {
        formDefinitionId: formId,
        organizationId: ctx.organizationId,
        version: next,
        definition: definition as Prisma.InputJsonValue,
        createdById: ctx.userId,
      },
    });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "form.updated",
        target: current.key,
        metadata: { formId, version: next },
        ip: ctx.ip,
      },
      tx,
    );
    return getFormDefinition(ctx, formId, tx);
  });
}

const versionConflict = (baseVersion: number, currentVersion: number | null) =>
  new FormDefinitionRuleError(
    "version_conflict",
    `Someone saved this form since you opened version ${baseVersion}${currentVersion ? ` (it is at version ${currentVersion} now)` : ""}. Reload it and apply your changes again.`,
    { baseVersion, currentVersion },
  );

/**
 * Archives a form (soft: versions, instances and submissions stay) and takes it off the agent's
 * enabled forms in the same transaction. Archiving an archived form changes nothing. Null: no such form.
 */
export async function archiveFormDefinition(ctx: Actor, formId: string): Promise<FormDetailRecord | null> {
  return prisma.$transaction(async (tx) => {
    const form = await tx.formDefinition.findFirst({
      where: { id: formId, organizationId: ctx.organizationId },
      select: { key: true, archivedAt: true },
    });
    if (!form) return null;
    if (form.archivedAt === null) {
      await tx.formDefinition.updateMany({
        where: { id: formId, organizationId: ctx.organizationId, archivedAt: null },
        data: { archivedAt: new Date() },
      });
      await tx.$executeRaw`
        UPDATE "AgentSettings" SET "enabledForms" = array_remove("enabledForms", ${form.key})
        WHERE "organizationId" = ${ctx.organizationId} AND ${form.key} = ANY("enabledForms")`;
      await recordAudit(
        {
          organizationId: ctx.organizationId,
          actorId: ctx.userId,
          action: "form.archived",
          target: form.key,
          metadata: { formId },
          ip: ctx.ip,
        },
        tx,
      );
    }
    return getFormDefinition(ctx, formId, tx);
  });
}

/** Keys among `keys` that name a form of the organization that is not archived. */
export async function liveFormKeys(ctx: Pick<TenantContext, "organizationId">, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await prisma.formDefinition.findMany({
    where: { organizationId: ctx.organizationId, key: { in: keys }, archivedAt: null },
    select: { key: true },
  });
  return rows.map((row) => row.key);
}

/** The organization's forms that are not archived, for the agent settings' checkboxes. */
export async function listFormChoices(ctx: Pick<TenantContext, "organizationId">) {
  const rows = await prisma.formDefinition.findMany({
    where: { organizationId: ctx.organizationId, archivedAt: null },
    orderBy: { name: "asc" },
    select: { key: true, name: true },
  });
  return rows;
}

export interface EnabledFormVersion {
  key: string;
  version: number;
  definition: StoredForm;
  formDefinitionId: string;
}

/**
 * Every version of the named forms (archived ones excluded) for the engine's registry: an instance
 * keeps the version it started on, so all of them may be needed; the engine picks.
 */
export async function loadEnabledForms(
  ctx: Pick<TenantContext, "organizationId">,
  keys: string[],
  options: { includeArchived?: boolean } = {},
): Promise<EnabledFormVersion[]> {
  if (keys.length === 0) return [];
  const rows = await prisma.formDefinitionVersion.findMany({
    where: { organizationId: ctx.organizationId, form: { key: { in: keys }, ...(!options.includeArchived && { archivedAt: null }) } },
    orderBy: [{ formDefinitionId: "asc" }, { version: "asc" }],
    select: { formDefinitionId: true, version: true, definition: true, form: { select: { key: true } } },
  });
  // Stored definitions passed the same schema when they were written, so this parse cannot refuse them.
  return rows.map((row) => ({
    key: row.form.key,
    version: row.version,
    definition: storedFormSchema.parse(row.definition),
    formDefinitionId: row.formDefinitionId,
  }));
}
