import type { OrganizationExportView } from "@/lib/schemas/conversation-export";
import { recordAudit } from "./audit";
import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

/**
 * Organization exports (docs/export.md): the row an admin starts, the chunks of JSON lines the job
 * writes (each chunk in one transaction with the progress it adds), and the reads of the list and
 * the download. Rows past `expiresAt` are not downloadable; the purge job deletes them (and so does the next export's start).
 */

type Tenant = Pick<TenantContext, "organizationId">;
type Actor = Pick<TenantContext, "organizationId" | "userId">;

/** How long a finished export stays downloadable. */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const EXPORT_LIST_LIMIT = 20;
/** Past this, a queued or running export is given up (longer than every attempt pg-boss makes, export-queue.ts). */
export const EXPORT_STALE_MS = 2 * 60 * 60 * 1000;

export class ExportInProgressError extends Error {
  constructor() {
    super("An export of this organization is already running. Wait for it to finish, then start another.");
    this.name = "ExportInProgressError";
  }
}

const select = {
  id: true,
  status: true,
  conversationsDone: true,
  conversationsTotal: true,
  byteSize: true,
  error: true,
  createdAt: true,
  finishedAt: true,
  expiresAt: true,
  createdBy: { select: { id: true, name: true, email: true } },
} as const;

type Row = Awaited<ReturnType<typeof prisma.organizationExport.findFirstOrThrow<{ select: typeof select }>>>;

const view = (row: Row): OrganizationExportView => ({
  id: row.id,
  status: row.status as OrganizationExportView["status"],
  conversationsDone: row.conversationsDone,
  conversationsTotal: row.conversationsTotal,
  byteSize: Number(row.byteSize),
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt.toISOString(),
  createdBy: row.createdBy,
});

/**
 * Deletes every organization's exports past `expiresAt` with their chunks (the retention purge job
 * runs it): an export holds whole conversations, so it must not outlive its download window.
 */
export async function deleteExpiredExports(now = new Date()): Promise<number> {
  const { count } = await prisma.organizationExport.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

/**
 * A queued export, audited in the same transaction. One at a time per organization (checked under
 * the organization's row lock, so two admins clicking at once cannot both start one).
 */
export async function createOrganizationExport(ctx: Actor, ip: string | null, now = new Date()): Promise<OrganizationExportView> {
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${ctx.organizationId} FOR UPDATE`;
    await tx.organizationExport.deleteMany({ where: { organizationId: ctx.organizationId, expiresAt: { lte: now } } });
    // An export the queue gave up on (its worker died on every attempt) would block the next one forever.
    await tx.organizationExport.updateMany({
      where: {
        organizationId: ctx.organizationId,
        status: { in: ["queued", "running"] },
        createdAt: { lt: new Date(now.getTime() - EXPORT_STALE_MS) },
      },
      data: { status: "failed", error: "The export did not finish. Start it again.", finishedAt: now },
    });
    const busy = await tx.organizationExport.count({
      where: { organizationId: ctx.organizationId, status: { in: ["queued", "running"] } },
    });
    if (busy > 0) throw new ExportInProgressError();
    const conversationsTotal = await tx.conversation.count({
      where: { organizationId: ctx.organizationId, temporary: false, deletedAt: null },
    });
    const row = await tx.organizationExport.create({
      data: {
        organizationId: ctx.organizationId,
        createdById: ctx.userId,
        conversationsTotal,
        expiresAt: new Date(now.getTime() + EXPORT_TTL_MS),
      },
      select,
    });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "organization.export_started",
        target: row.id,
        ip,
        metadata: { conversationsTotal },
      },
      tx,
    );
    return view(row);
  });
}

export async function listOrganizationExports(ctx: Tenant, now = new Date()): Promise<OrganizationExportView[]> {
  const rows = await prisma.organizationExport.findMany({
    where: { organizationId: ctx.organizationId, expiresAt: { gt: now } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: EXPORT_LIST_LIMIT,
    select,
  });
  return rows.map(view);
}

/** A finished, unexpired export of this tenant, its download audited; null otherwise (a 404 to the caller). */
export async function openExportDownload(
  ctx: Actor,
  exportId: string,
  ip: string | null,
  now = new Date(),
): Promise<{ id: string; createdAt: Date; byteSize: number } | null> {
  return prisma.$transaction(async (tx) => {
    const row = await tx.organizationExport.findFirst({
      where: { id: exportId, organizationId: ctx.organizationId, status: "done", expiresAt: { gt: now } },
      select: { id: true, createdAt: true, byteSize: true },
    });
    if (!row) return null;
    await recordAudit(
      { organizationId: ctx.organizationId, actorId: ctx.userId, action: "organization.export_downloaded", target: row.id, ip },
      tx,
    );
    return { ...row, byteSize: Number(row.byteSize) };
  });
}

/** The export's chunks after `afterIndex`, in order, a few at a time (the download streams them). */
export async function readExportChunks(ctx: Tenant, exportId: string, afterIndex: number, limit: number) {
  return prisma.organizationExportChunk.findMany({
    where: { exportId, organizationId: ctx.organizationId, index: { gt: afterIndex } },
    orderBy: { index: "asc" },
    take: limit,
    select: { index: true, data: true },
  });
}

// ── The job's side: it runs outside a request, with the ids its job carries. ──

/** Starts (or starts over) the export: running, progress zero, earlier chunks gone. False when the row is gone. */
export async function beginExportRun(ctx: Tenant, exportId: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const conversationsTotal = await tx.conversation.count({
      where: { organizationId: ctx.organizationId, temporary: false, deletedAt: null },
    });
    const updated = await tx.organizationExport.updateMany({
      where: { id: exportId, organizationId: ctx.organizationId },
      data: { status: "running", conversationsDone: 0, conversationsTotal, byteSize: 0, error: null, finishedAt: null },
    });
    await tx.organizationExportChunk.deleteMany({ where: { exportId, organizationId: ctx.organizationId } });
    return updated.count === 1;
  });
}

/** One chunk and the progress it brings, together. */
export async function appendExportChunk(ctx: Tenant, exportId: string, chunk: { index: number; data: Uint8Array; conversations: number }) {
  await prisma.$transaction([
    prisma.organizationExportChunk.create({
      data: { exportId, organizationId: ctx.organizationId, index: chunk.index, data: chunk.data as Uint8Array<ArrayBuffer> },
    }),
    prisma.organizationExport.updateMany({
      where: { id: exportId, organizationId: ctx.organizationId },
      data: {
        conversationsDone: { increment: chunk.conversations },
        byteSize: { increment: chunk.data.byteLength },
      },
    }),
  ]);
}

/** Done or failed. Conversations created after the start may be in the export too: the total never trails what was done. */
export async function finishExportRun(ctx: Tenant, exportId: string, outcome: { error: string | null }, now = new Date()) {
  await prisma.$executeRaw`
    UPDATE "OrganizationExport"
    SET "status" = ${outcome.error === null ? "done" : "failed"}, "error" = ${outcome.error}, "finishedAt" = ${now},
        "conversationsTotal" = GREATEST("conversationsTotal", "conversationsDone")
    WHERE "id" = ${exportId} AND "organizationId" = ${ctx.organizationId}`;
}
