import { recordAudit } from "./audit";
import { prisma } from "./client";
import { Prisma, type HttpTool, type HttpToolSecret } from "./generated/client";
import { forgetToolGrants } from "./permissions";
import type { TenantContext } from "./tenant-context";

/**
 * An organization's HTTP tools and the secrets they reference (docs/http-tools.md). The secret
 * values arrive sealed (lib/server seals them) and are read back only by `readSealedSecrets`, for a
 * call. Every change is audited in its transaction, never with a secret's value.
 */

export type HttpToolRow = HttpTool;
export type HttpToolSecretRow = Pick<HttpToolSecret, "name" | "createdAt" | "updatedAt">;

export interface HttpToolFields {
  name: string;
  description: string;
  inputFields: Prisma.InputJsonValue;
  method: string;
  urlTemplate: string;
  headers: Prisma.InputJsonValue;
  bodyTemplate: Prisma.InputJsonValue | null;
  timeoutMs: number;
  requiresPermission: boolean;
  enabled: boolean;
}

/** Another tool of the organization has this name (the unique index said so). */
export class HttpToolNameTakenError extends Error {
  override name = "HttpToolNameTakenError";
}

type Tenant = Pick<TenantContext, "organizationId">;
type Actor = Pick<TenantContext, "organizationId" | "userId">;

const auditFields = (row: HttpToolRow) => ({
  toolId: row.id,
  name: row.name,
  method: row.method,
  urlTemplate: row.urlTemplate,
  requiresPermission: row.requiresPermission,
  enabled: row.enabled,
});

export async function listHttpTools(ctx: Tenant, options: { enabledOnly?: boolean } = {}): Promise<HttpToolRow[]> {
  return prisma.httpTool.findMany({
    where: { organizationId: ctx.organizationId, ...(options.enabledOnly && { enabled: true }) },
    orderBy: [{ name: "asc" }],
  });
}

export async function findHttpTool(ctx: Tenant, toolId: string): Promise<HttpToolRow | null> {
  return prisma.httpTool.findFirst({ where: { id: toolId, organizationId: ctx.organizationId } });
}

const nullableJson = (value: Prisma.InputJsonValue | null) => (value === null ? Prisma.DbNull : value);

function nameTaken(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export async function createHttpTool(ctx: Actor, fields: HttpToolFields, ip?: string | null): Promise<HttpToolRow> {
  try {
    return await prisma.$transaction(async (tx) => {
      const row = await tx.httpTool.create({
        data: { ...fields, bodyTemplate: nullableJson(fields.bodyTemplate), organizationId: ctx.organizationId, createdById: ctx.userId },
      });
      await recordAudit(
        {
          organizationId: ctx.organizationId,
          actorId: ctx.userId,
          action: "http_tool.created",
          target: row.name,
          metadata: auditFields(row),
          ip,
        },
        tx,
      );
      return row;
    });
  } catch (error) {
    if (nameTaken(error)) throw new HttpToolNameTakenError(fields.name);
    throw error;
  }
}

/** Replaces the tool's definition with `fields` (the caller merged and checked it). Null when the organization has no such tool. */
/** The parts of a definition that change what a call does: a grant given before does not cover the new request. */
const REQUEST_SHAPE = new Set(["name", "fields", "method", "url_template", "headers", "body_template"]);

export async function updateHttpTool(
  ctx: Actor,
  toolId: string,
  fields: HttpToolFields,
  changed: string[],
  ip?: string | null,
): Promise<HttpToolRow | null> {
  try {
    return await prisma.$transaction(async (tx) => {
      const before = await tx.httpTool.findFirst({ where: { id: toolId, organizationId: ctx.organizationId }, select: { name: true } });
      if (!before) return null;
      await tx.httpTool.updateMany({
        where: { id: toolId, organizationId: ctx.organizationId },
        data: { ...fields, bodyTemplate: nullableJson(fields.bodyTemplate) },
      });
      if (changed.some((key) => REQUEST_SHAPE.has(key))) await forgetToolGrants(tx, ctx.organizationId, { name: before.name });
      const row = await tx.httpTool.findUniqueOrThrow({ where: { organizationId_id: { organizationId: ctx.organizationId, id: toolId } } });
      await recordAudit(
        {
          organizationId: ctx.organizationId,
          actorId: ctx.userId,
          action: "http_tool.updated",
          target: row.name,
          metadata: { ...auditFields(row), changed },
          ip,
        },
        tx,
      );
      return row;
    });
  } catch (error) {
    if (nameTaken(error)) throw new HttpToolNameTakenError(fields.name);
    throw error;
  }
}

export async function deleteHttpTool(ctx: Actor, toolId: string, ip?: string | null): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const row = await tx.httpTool.findFirst({ where: { id: toolId, organizationId: ctx.organizationId } });
    if (!row) return false;
    await tx.httpTool.delete({ where: { organizationId_id: { organizationId: ctx.organizationId, id: row.id } } });
    await forgetToolGrants(tx, ctx.organizationId, { name: row.name });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "http_tool.deleted",
        target: row.name,
        metadata: auditFields(row),
        ip,
      },
      tx,
    );
    return true;
  });
}

export async function listHttpToolSecrets(ctx: Tenant): Promise<HttpToolSecretRow[]> {
  return prisma.httpToolSecret.findMany({
    where: { organizationId: ctx.organizationId },
    select: { name: true, createdAt: true, updatedAt: true },
    orderBy: { name: "asc" },
  });
}

export async function findHttpToolSecret(ctx: Tenant, name: string): Promise<HttpToolSecretRow | null> {
  return prisma.httpToolSecret.findFirst({
    where: { organizationId: ctx.organizationId, name },
    select: { name: true, createdAt: true, updatedAt: true },
  });
}

/** The sealed values of the named secrets that exist, for one call (lib/server opens them). */
export async function readSealedSecrets(ctx: Tenant, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await prisma.httpToolSecret.findMany({
    where: { organizationId: ctx.organizationId, name: { in: [...names] } },
    select: { name: true, valueSealed: true },
  });
  return new Map(rows.map((row) => [row.name, row.valueSealed]));
}

/** Adds or replaces a secret; `created` says which. The audit names the secret, never its value. */
export async function putHttpToolSecret(
  ctx: Actor,
  name: string,
  valueSealed: string,
  ip?: string | null,
): Promise<{ secret: HttpToolSecretRow; created: boolean }> {
  return prisma.$transaction(async (tx) => {
    const existing = await tx.httpToolSecret.findFirst({ where: { organizationId: ctx.organizationId, name }, select: { id: true } });
    const select = { name: true, createdAt: true, updatedAt: true } as const;
    // An upsert: two admins adding the same name at once both succeed (the later value wins).
    const secret = await tx.httpToolSecret.upsert({
      where: { organizationId_name: { organizationId: ctx.organizationId, name } },
      create: { organizationId: ctx.organizationId, name, valueSealed },
      update: { valueSealed },
      select,
    });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: existing ? "http_tool_secret.replaced" : "http_tool_secret.created",
        target: name,
        metadata: { name },
        ip,
      },
      tx,
    );
    return { secret, created: !existing };
  });
}

export async function deleteHttpToolSecret(ctx: Actor, name: string, ip?: string | null): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.httpToolSecret.deleteMany({ where: { organizationId: ctx.organizationId, name } });
    if (count === 0) return false;
    await recordAudit(
      { organizationId: ctx.organizationId, actorId: ctx.userId, action: "http_tool_secret.deleted", target: name, metadata: { name }, ip },
      tx,
    );
    return true;
  });
}
