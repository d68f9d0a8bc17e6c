// The purge runs on the worker's job queue: a worker that starts purges what is due (expired
// organization exports too), with no request.
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { startWorker, type WebhookWorker } from "@/lib/server/jobs/worker";
import { getTestPrisma, testDatabaseUrl } from "@/tests/integration/support/databases";
import { eventually } from "@/tests/support/eventually";
import { createTenant, openNewConversationStore } from "../store/support";

let worker: WebhookWorker | undefined;
afterAll(async () => worker?.stop());

describe("the purge job", () => {
  it("is scheduled by the worker and run once at its start, deleting expired organization exports too", async () => {
    const tenant = await createTenant("queued");
    const prisma = getTestPrisma();
    await prisma.organization.update({ where: { id: tenant.organizationId }, data: { retentionDays: 7 } });
    const { conversation } = await openNewConversationStore(tenant);
    await prisma.conversation.updateMany({
      where: { id: conversation.id },
      data: { lastActivityAt: new Date(Date.now() - 8 * 24 * 60 * 60_000) },
    });

    // An organization export past its download window: it holds whole conversations, so the job deletes it too.
    const expired = await prisma.organizationExport.create({
      data: { organizationId: tenant.organizationId, status: "done", expiresAt: new Date(Date.now() - 60_000) },
    });
    await prisma.organizationExportChunk.create({
      data: { exportId: expired.id, organizationId: tenant.organizationId, index: 0, data: Buffer.from("{}\n") },
    });

    worker = await startWorker({ databaseUrl: testDatabaseUrl(), env: parseEnv({ DATABASE_URL: testDatabaseUrl() }) });

    await eventually(async () => (await prisma.conversation.count({ where: { id: conversation.id } })) === 0);
    await eventually(async () => (await prisma.organizationExport.count({ where: { id: expired.id } })) === 0);
    expect(await prisma.organizationExportChunk.count({ where: { exportId: expired.id } })).toBe(0);
    const [schedule] = await prisma.$queryRaw<{ cron: string }[]>`SELECT "cron" FROM pgboss.schedule WHERE "name" = 'conversation-purge'`;
    expect(schedule).toEqual({ cron: "*/10 * * * *" });
  });
});
