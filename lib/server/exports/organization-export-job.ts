import { pageConversationIds, readConversationExports } from "@/lib/db/conversation-export";
import { appendExportChunk, beginExportRun, finishExportRun } from "@/lib/db/organization-exports";
import { logger } from "@/lib/server/logger";
import type { ExportJob } from "./export-queue";

/** Conversations read and written per chunk: bounds memory (one page in hand) and makes progress visible. */
export const EXPORT_PAGE_SIZE = 25;

/**
 * Writes the organization's export as JSON lines, one conversation (the v1 shape) per line: pages
 * of conversations by id, each page one chunk with its progress. Never the whole organization in
 * memory. A failure marks the export failed with a sentence and rethrows, so pg-boss retries it
 * (the next attempt starts over); the last attempt's failure stays on the row.
 */
export async function runOrganizationExport(job: ExportJob, options: { pageSize?: number } = {}): Promise<void> {
  const tenant = { organizationId: job.organizationId };
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  if (!(await beginExportRun(tenant, job.exportId))) return;
  try {
    const encoder = new TextEncoder();
    let after: string | null = null;
    for (let index = 0; ; index++) {
      const ids = await pageConversationIds(tenant, after, pageSize);
      if (ids.length === 0) break;
      const conversations = await readConversationExports(tenant, ids);
      const lines = conversations.map((conversation) => `${JSON.stringify(conversation)}\n`).join("");
      await appendExportChunk(tenant, job.exportId, { index, data: encoder.encode(lines), conversations: conversations.length });
      after = ids[ids.length - 1];
    }
    await finishExportRun(tenant, job.exportId, { error: null });
  } catch (error) {
    logger.error("an organization export failed", { error, exportId: job.exportId });
    await finishExportRun(tenant, job.exportId, {
      error: "The export failed. Start it again; if it fails again, tell your administrator.",
    });
    throw error;
  }
}
