import { createImportedConversation } from "@/lib/db/conversation-import";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { ImportResult } from "@/lib/schemas/conversation-export";
import { AppError } from "@/lib/server/http/app-error";
import { ImportValidationError } from "./imported-conversation";
import { parseUpload } from "./parse-upload";

/**
 * An uploaded file becomes new conversations of the organization, created by the importer. The
 * whole file is validated before anything is written (a 422 names the conversation and the
 * field); then each conversation is written in its own transaction, in the file's order.
 */
export async function importConversations(ctx: Pick<TenantContext, "organizationId" | "userId">, bytes: Uint8Array): Promise<ImportResult> {
  let parsed;
  try {
    parsed = parseUpload(bytes);
  } catch (error) {
    if (error instanceof ImportValidationError) throw new AppError(422, "validation_failed", error.message, { issues: error.issues });
    throw error;
  }
  const imported: ImportResult["imported"] = [];
  for (const conversation of parsed.conversations) imported.push(await createImportedConversation(ctx, conversation));
  return { source: parsed.source, imported };
}
