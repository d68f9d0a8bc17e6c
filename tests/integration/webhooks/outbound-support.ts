// Shared set-up of the outbound webhook integration tests: a tenant, an endpoint with its secret,
// a worker in this process on the file's database, and events written as producers write them.
import { writeOutboxEvent } from "@/lib/db/outbox";
import { prisma } from "@/lib/db/client";
import { createWebhookEndpoint } from "@/lib/db/webhook-endpoints";
import type { TenantContext } from "@/lib/db/tenant-context";
import { parseEnv } from "@/lib/server/env";
import { startWorker, type WebhookWorker } from "@/lib/server/jobs/worker";
import { newSealedSecret } from "@/lib/server/webhooks/outbound/secrets";
import type { DeliverySettings } from "@/lib/server/webhooks/outbound/settings";
import { testDatabaseUrl } from "@/tests/integration/support/databases";

// Endpoint secrets are sealed with the server's key.
process.env.ENCRYPTION_KEY ??= "outbound-webhooks-integration-key";

export async function endpointFor(tenant: TenantContext, url: string, eventTypes = ["run.completed"]) {
  const { secret, seal } = newSealedSecret(tenant.organizationId);
  const endpoint = await createWebhookEndpoint(tenant, { url, description: "", eventTypes, enabled: true }, seal);
  return { endpoint, secret };
}

/** A worker on this file's database; `settings` overrides the delivery settings (timeouts, jitter, DNS). */
export async function workerWith(settings: Partial<DeliverySettings> = {}, env: Record<string, string> = {}): Promise<WebhookWorker> {
  return startWorker({
    databaseUrl: testDatabaseUrl(),
    env: parseEnv({ DATABASE_URL: testDatabaseUrl(), WEBHOOK_DISPATCH_POLL_MS: "200", OUTBOUND_ALLOW_PRIVATE: "1", ...env }),
    settings,
  });
}

/** A run.completed event of the tenant, committed as a producer commits it; returns its id. */
export async function emitRunCompleted(tenant: TenantContext, runId = "run-1"): Promise<string> {
  return prisma.$transaction(async (tx) => {
    await writeOutboxEvent(tx, "run.completed", tenant.organizationId, {
      run_id: runId,
      conversation_id: "conversation-1",
      started_by_id: null,
      started_at: new Date().toISOString(),
      finished_at: new Date().toISOString(),
    });
    const [event] = await tx.outboxEvent.findMany({
      where: { organizationId: tenant.organizationId },
      orderBy: { createdAt: "desc" },
      take: 1,
    });
    return event.id;
  });
}
