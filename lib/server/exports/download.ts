import { openExportDownload, readExportChunks } from "@/lib/db/organization-exports";
import { notFound } from "@/lib/server/http/app-error";
import type { MemberContext } from "@/lib/server/http/route-builders";

/** Chunks read per round trip while streaming (each holds a page of conversations). */
const CHUNKS_PER_READ = 4;

/**
 * A finished export as `application/x-ndjson`, streamed chunk by chunk as the client reads (pull),
 * so a large export is never in memory whole. The download is audited before the first byte.
 */
export async function downloadOrganizationExport(ctx: MemberContext, exportId: string): Promise<Response> {
  const found = await openExportDownload(ctx, exportId, ctx.ip);
  if (!found) throw notFound("This export");
  let after = -1;
  let pending: Uint8Array[] = [];
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending.length === 0) {
        const chunks = await readExportChunks(ctx, exportId, after, CHUNKS_PER_READ);
        if (chunks.length === 0) return controller.close();
        after = chunks[chunks.length - 1].index;
        pending = chunks.map((chunk) => new Uint8Array(chunk.data));
      }
      controller.enqueue(pending.shift()!);
    },
  });
  const day = found.createdAt.toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "content-disposition": `attachment; filename="${ctx.orgSlug}-export-${day}.jsonl"`,
      "content-length": String(found.byteSize),
      "cache-control": "no-store",
    },
  });
}
