import type { FormView } from "@/lib/forms";
import { conversationFormViews } from "@/lib/server/forms/conversation-forms";
import { readConversationSnapshot, type ConversationSnapshotRows } from "@/lib/db/conversation-snapshot";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { ConversationSnapshot } from "@/lib/schemas/conversation";
import { openConnectorCatalog } from "@/lib/server/connectors/catalog";
import { connectorToolTitles } from "@/lib/server/connectors/agent-tools";
import { buildTenantModel, loadAgentSettings } from "@/lib/server/agent/settings";
import { notFound } from "@/lib/server/http/app-error";
import { recoverDeadRuns } from "@/lib/server/runs/recover-dead-runs";
import { runViewForReader, type ErrorReader } from "@/lib/server/runs/run-error-view";
import { settleAll } from "@/lib/server/settle-all";

/** The conversation as the chat page draws it (lib/schemas/conversation.ts). A dead run is marked failed first. */
export async function conversationSnapshot(ctx: TenantContext, conversationId: string, before?: string): Promise<ConversationSnapshot> {
  // Which model answers needs nothing of the conversation: side by side.
  // Form views are read after the rows (a form change after them arrives as a later form_updated, the client keeps the newest version).
  const [{ rows, forms }, settings, toolTitles] = await settleAll([
    recoverDeadRuns({ organizationId: ctx.organizationId, conversationId }).then(async () => {
      const rows = await readConversationSnapshot(ctx, conversationId, { before });
      return { rows, forms: rows ? await conversationFormViews(ctx, conversationId) : [] };
    }),
    loadAgentSettings(ctx),
    connectorToolTitles(openConnectorCatalog(ctx)),
  ] as const);
  if (!rows) throw notFound("This conversation");
  const { usingDemo, model } = buildTenantModel(settings);
  return { ...snapshotFrom(rows, usingDemo, forms, model.capabilities?.context_window, ctx), toolTitles };
}

/**
 * The stored rows as the wire shape. A typed mapper, not a parse: its output type is the schema's
 * (`z.output<typeof conversationSnapshotSchema>`), and a page of up to 1,000 messages is not walked
 * again on every GET (tests/unit/server/snapshot-wire.test.ts checks the output against the schema).
 */
export function snapshotFrom(
  rows: ConversationSnapshotRows,
  usingDemoModel: boolean,
  forms: FormView[] = [],
  contextWindow?: number,
  /** Whose snapshot: a failed run's error is worded for this reader's role (run-error-view.ts). */
  reader: ErrorReader = { role: "member" },
): ConversationSnapshot {
  const measured = rows.messages.findLast((message) => message.sender === "agent" && message.usage)?.usage;
  return {
    conversation: rows.conversation,
    messages: rows.messages,
    earlierCursor: rows.earlierCursor,
    slots: rows.slots,
    tasks: rows.tasks,
    inbox: rows.inbox,
    queued: rows.queued,
    // Computed by the forms runner (conversation-forms.ts), not stored rows.
    forms,
    stats: {
      tokens_in: rows.usage.tokens_in,
      tokens_out: rows.usage.tokens_out,
      cache_read_tokens: rows.usage.cache_read_tokens,
      cache_write_tokens: rows.usage.cache_write_tokens,
      context_tokens: measured ? measured.tokens_in + measured.tokens_out : 0,
      // The usage meter's denominator: the share of the window the last call filled.
      ...(contextWindow !== undefined && { context_window: contextWindow }),
      turns: rows.usage.model_calls,
    },
    run: runViewForReader(rows.run, reader),
    lastEventSeq: rows.lastEventSeq,
    responseEvents: rows.responseEvents,
    usingDemoModel,
    ...(rows.branches && rows.branches.length > 0 && { branches: rows.branches }),
  };
}
