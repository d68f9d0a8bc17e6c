import type { Message } from "@/lib/agent/messages";
import { storableJson } from "@/lib/schemas/text";
import type { Prisma } from "@/lib/db/generated/client";
import { messageToJsonRow } from "./records";

/**
 * Writes `history` into a new conversation's empty store as one path of the message tree (each the
 * child of the one before, the last the leaf), through the same statement PostgresStore appends
 * with. Branch-out, imports and share copies use it, so a copied history is what the agent reads.
 */
export async function writeHistory(
  tx: Prisma.TransactionClient,
  store: { storeId: string; organizationId: string },
  history: Message[],
): Promise<void> {
  if (history.length === 0) return;
  const rows = JSON.stringify(storableJson(history.map(messageToJsonRow)));
  await tx.$queryRaw`
    SELECT "handoff_append_messages"(${store.storeId}, ${store.organizationId}, ${rows}::json, 0, 0)::text AS "appended"`;
}
