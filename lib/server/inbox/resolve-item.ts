import type { InboxResolver } from "@/lib/agent";
import { prisma } from "@/lib/db/client";
import type { InboxItem as InboxItemRow } from "@/lib/db/generated/client";
import { findInboxItem, inboxItemWire, resolveInboxItemRow } from "@/lib/db/inbox-items";
import { PostgresStore } from "@/lib/db/postgres-store";
import type { InboxResolveResult } from "@/lib/schemas/v1-inbox";
import { conversationRecorder } from "@/lib/server/events/conversation-recorder";
import { AppError, conflict, notFound } from "@/lib/server/http/app-error";
import { admitRun, NOTHING_HELD, type Admission } from "@/lib/server/billing/admission";
import { launchContinuation } from "@/lib/server/runs/launch";
import { openAgent } from "@/lib/server/runs/open-turn";
import { recoverDeadRuns } from "@/lib/server/runs/recover-dead-runs";
import { settleAll } from "@/lib/server/settle-all";
import { responseIssues } from "./response-schema";

type Tenant = { organizationId: string };

/**
 * The one way an inbox item is answered, whoever answers (a member on the inbox page, an API key, an
 * inbound webhook, a capability link). First answer wins: the identical answer again is a 200 with
 * `changed: false`; a different one a 409 whose `details.item` carries the winning answer; an item that
 * expired or was cancelled a 409 too; an answer that fails the item's response schema a 422 with the
 * problems per field. A new answer is announced in the conversation (`inbox_updated`), and a blocking
 * item continues the conversation by itself. The plan's token limit is asked before anything is
 * written (402): a refused answer leaves the item pending, so the sender can send it again later.
 */
export async function resolveInboxItem(
  tenant: Tenant,
  publicId: string,
  response: unknown,
  resolver: InboxResolver,
): Promise<InboxResolveResult> {
  // Only an answer that would start a run asks the plan (402): an unknown item is a 404 first, and a
  // non-blocking answer (nothing runs) is taken at the limit too.
  const found = await findInboxItem(tenant, publicId);
  if (!found) throw notFound("This inbox item");
  const admission = found.blocking ? await admitRun(tenant, { kind: "continuation" }) : NOTHING_HELD;
  const outcome = await resolveInboxItemRow(tenant, publicId, response, resolver, responseIssues).catch(async (error: unknown) => {
    await admission.release();
    throw error;
  });
  // What continues a run hands the admission over to it (released when the run's work is done); the rest frees it now.
  if (outcome.kind !== "resolved" && outcome.kind !== "same") await admission.release();
  switch (outcome.kind) {
    case "not_found":
      throw notFound("This inbox item");
    case "invalid":
      throw new AppError(
        422,
        "invalid_response",
        `The response does not match what this item asks for: ${outcome.issues.map((issue) => `${issue.path} ${issue.message}`).join("; ")}.`,
        { issues: outcome.issues, response_schema: outcome.row.responseSchema },
      );
    case "conflict":
      throw conflict("This inbox item was already answered with a different response; the first answer stands.", {
        item: inboxItemWire(outcome.row),
      });
    case "closed":
      // Found past its expiry before the sweep came: tell the agent now, as the sweep would have.
      if (outcome.expiredNow) await afterInboxItemSettled(tenant, outcome.row);
      throw conflict(`This inbox item is ${outcome.row.status}: it can no longer be answered.`, { item: inboxItemWire(outcome.row) });
    case "same": {
      // A repeat of the answer that won: if the agent has not read it yet (the first request's continuation
      // failed), continuing is safe to try again, and is what the repeat is for.
      const untold = outcome.row.status === "resolved" && outcome.row.blocking;
      if (!untold) await admission.release();
      return {
        item: inboxItemWire(outcome.row),
        changed: false,
        continued: untold && (await afterInboxItemSettled(tenant, outcome.row, admission)),
      };
    }
    case "resolved":
      return { item: inboxItemWire(outcome.row), changed: true, continued: await afterInboxItemSettled(tenant, outcome.row, admission) };
  }
}

/**
 * What follows an item's settling (resolved, expired, cancelled): a blocking item continues the conversation,
 * detached, and that run's first safe point reads the answer and announces `inbox_updated` itself. Otherwise
 * (not blocking, or a run already under way that picks it up at its next safe point or right after it ends)
 * the conversation hears `inbox_updated` from here. Returns whether a run is (or already was) under way.
 * `admission`: the answer's place under the plan's limits, which the continuation releases when it ends;
 * none for what the system settles (an expiry, a cancellation).
 */
export async function afterInboxItemSettled(tenant: Tenant, row: InboxItemRow, admission?: Admission): Promise<boolean> {
  const scope = { ...tenant, conversationId: row.conversationId };
  if (row.blocking) {
    // A run whose server died would hold the conversation until the sweep: settle it first, as a card answer does.
    const [, agent] = await settleAll([recoverDeadRuns(scope), openAgent(tenant, row.conversationId)] as const).catch(
      async (error: unknown) => {
        await admission?.release();
        throw error;
      },
    );
    const launched = await launchContinuation(row.conversationId, agent, admission);
    if (launched.kind === "running") return true;
    await announceInbox(tenant, row.conversationId);
    return launched.outcome.status === "busy";
  }
  await admission?.release();
  await announceInbox(tenant, row.conversationId);
  return false;
}

async function announceInbox(tenant: Tenant, conversationId: string) {
  const store = await PostgresStore.open(prisma, { ...tenant, conversationId });
  const recorder = conversationRecorder(tenant, conversationId);
  recorder.record("inbox_updated", { items: await store.getInboxItems() });
  await recorder.flush();
}
