import { readConversationExport } from "@/lib/db/conversation-export";
import type { TenantContext } from "@/lib/db/tenant-context";
import { notFound } from "@/lib/server/http/app-error";
import { conversationToMarkdown } from "./markdown";
import { attachment } from "./attachment";

/** One conversation's export as a download: Markdown (a transcript) or JSON (the v1 shape). */
export async function conversationExportResponse(
  ctx: Pick<TenantContext, "organizationId">,
  conversationId: string,
  format: "markdown" | "json",
): Promise<Response> {
  const conversation = await readConversationExport(ctx, conversationId);
  if (!conversation) throw notFound("This conversation");
  const body = format === "json" ? `${JSON.stringify(conversation, null, 2)}\n` : conversationToMarkdown(conversation);
  return new Response(body, {
    headers: {
      "content-type": format === "json" ? "application/json; charset=utf-8" : "text/markdown; charset=utf-8",
      "content-disposition": attachment(conversation.title, format === "json" ? "json" : "md"),
      "cache-control": "no-store",
    },
  });
}
