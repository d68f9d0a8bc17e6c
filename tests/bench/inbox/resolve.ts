// Resolve → the continued run: how long from an answer arriving to the conversation moving on by itself.
//
//   npm run build && npx tsx --conditions=react-server tests/bench/inbox/resolve.ts
//
// One production server (`next start`, the demo model without pauses) on its own database. A viewer keeps
// the conversation's event stream open, as a person watching the chat does. Each round the demo model posts
// a blocking inbox item ("ask finance to approve ..."), the run ends waiting for it, and then a machine
// answers it with `POST /api/v1/inbox/{id}/resolve` and an API key. Timed from just before the POST:
//   - the resolve's own answer (the item is stored as resolved, the run launched);
//   - the viewer's first event of the continued run (`run_started`, the target: p50 ≤ 20 ms);
//   - the continued run's reply finished (`run_completed`).
// WARMUP rounds first, then MEASURED timed ones, one after the other on one conversation.
import os from "node:os";
import { startAppServer } from "@/tests/support/app-server";
import { createAccount } from "@/tests/e2e/support/http-client";
import { openEvents, say, type StreamedEvent } from "@/tests/e2e/support/run-events";
import { createConversation } from "@/tests/e2e/support/run-events";
import { percentile } from "../streaming/stats";
import { withPostgres } from "../support/with-postgres";

const WARMUP = 10;
const MEASURED = 100;
const TARGET_P50_MS = 20;

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

await withPostgres(async (databaseUrl) => {
  const app = await startAppServer({
    databaseUrl,
    env: { MESSAGE_RATE_LIMIT_PER_MINUTE: "100000", API_RATE_LIMIT_PER_MINUTE: "100000" },
  });
  try {
    const owner = await createAccount(app.baseURL, "bench");
    const created = await owner.client.json<{ secret: string }>(`/api/orgs/${owner.orgSlug}/api-keys`, {
      json: { name: "Bench", scopes: ["inbox:read", "inbox:write"] },
    });
    if (created.status !== 201) throw new Error(`api key: ${created.status} ${JSON.stringify(created.body)}`);
    const key = created.body.secret;
    const conversationId = await createConversation(owner.client, "Resolve bench", owner.orgSlug);

    const samples = { resolve: [] as number[], firstEvent: [] as number[], completed: [] as number[] };
    for (let round = 0; round < WARMUP + MEASURED; round++) {
      const posted = await say(owner.client, conversationId, `ask finance to approve purchase order ${round}`);
      const itemId = pendingItemId(posted);
      const after = posted.at(-1)!.seq;
      const viewer = await openEvents(owner.client, conversationId, { after });
      const started = performance.now();
      const response = await fetch(`${app.baseURL}/api/v1/inbox/${itemId}/resolve`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ response: { approved: true, round } }),
      });
      const answered = performance.now();
      if (response.status !== 200) throw new Error(`resolve: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      await viewer.waitForType("run_started");
      const firstEvent = performance.now();
      await viewer.waitForType("run_completed", 30_000);
      const completed = performance.now();
      await viewer.close();
      if (round < WARMUP) continue;
      samples.resolve.push(answered - started);
      samples.firstEvent.push(firstEvent - started);
      samples.completed.push(completed - started);
    }

    const row = (label: string, values: number[]) =>
      `| ${label} | ${fmt(percentile(values, 50))} | ${fmt(percentile(values, 99))} | ${fmt(Math.max(...values))} |`;
    console.log(`${MEASURED} rounds after ${WARMUP} warm-up, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}`);
    console.log("| from the resolve POST to | p50 | p99 | max |\n|---|---|---|---|");
    console.log(row("its answer (200)", samples.resolve));
    console.log(row("the viewer's `run_started` of the continued run", samples.firstEvent));
    console.log(row("the continued run's `run_completed`", samples.completed));
    const p50 = percentile(samples.firstEvent, 50);
    console.log(`target: first event p50 ≤ ${TARGET_P50_MS} ms: ${p50 <= TARGET_P50_MS ? "met" : "MISSED"} (${fmt(p50)})`);
  } finally {
    await app.stop();
  }
});

function pendingItemId(events: StreamedEvent[]): string {
  const items = events.findLast((event) => event.type === "inbox_updated")?.data.items as
    { public_id: string; status: string }[] | undefined;
  const pending = items?.findLast((item) => item.status === "pending");
  if (!pending) throw new Error(`the demo model posted no inbox item: ${events.map((event) => event.type).join(", ")}`);
  return pending.public_id;
}
