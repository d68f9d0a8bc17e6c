import type { TenantContext } from "@/lib/db/tenant-context";
import { createOrganizationExport, ExportInProgressError, finishExportRun } from "@/lib/db/organization-exports";
import type { OrganizationExportView } from "@/lib/schemas/conversation-export";
import { serverEnv } from "@/lib/server/env";
import { AppError, conflict } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import { enqueueExport } from "./export-queue";

/**
 * The row (queued, audited), then its job. The row is committed first so the worker always finds
 * it; when the queue cannot take the job, the export is marked failed at once rather than left queued.
 */
export async function startOrganizationExport(
  ctx: Pick<TenantContext, "organizationId" | "userId"> & { ip: string | null },
  databaseUrl = serverEnv().DATABASE_URL,
): Promise<OrganizationExportView> {
  const created = await createOrganizationExport(ctx, ctx.ip).catch((error: unknown) => {
    if (error instanceof ExportInProgressError) throw conflict(error.message);
    throw error;
  });
  try {
    if (!databaseUrl) throw new Error("DATABASE_URL is not set");
    await enqueueExport(databaseUrl, { exportId: created.id, organizationId: ctx.organizationId });
  } catch (error) {
    logger.error("an organization export could not be queued", { error, exportId: created.id });
    await finishExportRun(ctx, created.id, { error: "The job queue was not reachable. Start the export again." });
    throw new AppError(
      503,
      "service_unavailable",
      "The export could not be queued: the job queue is not reachable. Try again in a minute.",
    );
  }
  return created;
}
