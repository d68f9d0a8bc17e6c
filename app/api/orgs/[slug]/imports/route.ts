import { IMPORT_MAX_BYTES, importResultSchema } from "@/lib/schemas/conversation-export";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { importConversations } from "@/lib/server/imports/import-service";
import { readUpload } from "@/lib/server/imports/read-upload";
import { enforce, IMPORTS_PER_USER } from "@/lib/server/rate-limit";

/** A file of conversations (Handoff's export, JSON or JSON lines; ChatGPT's zip or conversations.json) becomes new conversations. */
export const POST = memberRoute()({}, async (ctx, { request }) => {
  await enforce(IMPORTS_PER_USER, ctx.userId, "imports");
  return json(importResultSchema.parse(await importConversations(ctx, await readUpload(request, IMPORT_MAX_BYTES))), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
