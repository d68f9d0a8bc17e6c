// Outbound webhook throughput and latency of one worker (lib/server/jobs/worker.ts, in this process)
// to a fast local receiver (204 at once, on 127.0.0.1):
//
//   npx tsx --conditions=react-server tests/bench/webhooks/deliveries.ts
//
// 1. Throughput: EVENTS run.completed events are committed at once (one transaction of a createMany,
//    as a burst of producers would), to one endpoint; deliveries/s is EVENTS over the time from the
//    commit to the last delivery marked succeeded.
// 2. Latency: SINGLES events committed one at a time, each waited for; the delay from the commit to
//    the receiver's first byte of the first attempt (p50, p90), as NOTIFY → dispatch → job → attempt.
// Uses DATABASE_URL's server when set (migrating it), otherwise an embedded PostgreSQL.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { disconnectPrisma, prisma } from "@/lib/db/client";
import { outboxEventRow } from "@/lib/db/outbox";
import { createWebhookEndpoint } from "@/lib/db/webhook-endpoints";
import { parseEnv } from "@/lib/server/env";
import { startWorker } from "@/lib/server/jobs/worker";
import { newSealedSecret } from "@/lib/server/webhooks/outbound/secrets";
import { startWebhookReceiver } from "@/tests/support/webhook-receiver";
import { withPostgres } from "../support/with-postgres";

const EVENTS = 2_000;
const SINGLES = 100;
const TARGET_PER_SECOND = 200;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

const runData = (index: number) => ({
  run_id: `run-${index}`,
  conversation_id: "bench-conversation",
  started_by_id: null,
  started_at: new Date().toISOString(),
  finished_at: new Date().toISOString(),
});

await withPostgres(async (databaseUrl) => {
  process.env.DATABASE_URL = databaseUrl;
  process.env.ENCRYPTION_KEY ??= "bench-encryption-key";
  process.env.LOG_LEVEL = "warn";
  const receiver = await startWebhookReceiver();
  const suffix = randomBytes(4).toString("hex");
  const user = await prisma.user.create({ data: { email: `bench-${suffix}@example.test`, name: "Bench" } });
  const organization = await prisma.organization.create({
    data: { slug: `bench-${suffix}`, name: "Bench", memberships: { create: { userId: user.id, role: "owner" } } },
  });
  const tenant = { organizationId: organization.id, userId: user.id, orgSlug: organization.slug, role: "owner" as const };
  const { seal } = newSealedSecret(organization.id);
  const endpoint = await createWebhookEndpoint(
    tenant,
    { url: receiver.url, description: "bench", eventTypes: ["run.completed"], enabled: true },
    seal,
  );
  const worker = await startWorker({ databaseUrl, env: parseEnv({ ...process.env, OUTBOUND_ALLOW_PRIVATE: "1" }) });
  try {
    // Warm-up: pg-boss's queue table and the first connections.
    await prisma.outboxEvent.create({ data: outboxEventRow("run.completed", organization.id, runData(-1)) });
    await receiver.waitFor((all) => all.length === 1, 60_000);

    const burstStart = performance.now();
    await prisma.outboxEvent.createMany({
      data: Array.from({ length: EVENTS }, (_, index) => outboxEventRow("run.completed", organization.id, runData(index))),
    });
    for (;;) {
      const done = await prisma.webhookDelivery.count({ where: { endpointId: endpoint.id, status: "succeeded" } });
      if (done >= EVENTS + 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const burstSeconds = (performance.now() - burstStart) / 1000;

    const delays: number[] = [];
    for (let index = 0; index < SINGLES; index++) {
      const before = receiver.received.length;
      const committed = Date.now();
      await prisma.outboxEvent.create({ data: outboxEventRow("run.completed", organization.id, runData(EVENTS + index)) });
      const arrived = await receiver.waitFor((all) => all.length > before, 30_000);
      delays.push(arrived[before].at - committed);
    }

    console.log(
      JSON.stringify(
        {
          machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model, load: os.loadavg().map((value) => value.toFixed(1)) },
          throughput: {
            events: EVENTS,
            seconds: Number(burstSeconds.toFixed(2)),
            deliveriesPerSecond: Math.round(EVENTS / burstSeconds),
            target: TARGET_PER_SECOND,
          },
          commitToFirstAttemptMs: { p50: percentile(delays, 50), p90: percentile(delays, 90), max: Math.max(...delays), samples: SINGLES },
        },
        null,
        2,
      ),
    );
  } finally {
    await worker.stop();
    await receiver.close();
    await disconnectPrisma();
  }
});
