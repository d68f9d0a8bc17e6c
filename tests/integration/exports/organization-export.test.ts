// The organization export: the job writes every conversation of the organization (and none of
// another's) as JSON lines in pages, with progress; the worker runs it from the queue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConversationExports } from "@/lib/db/conversation-export";
import {
  createOrganizationExport,
  EXPORT_STALE_MS,
  ExportInProgressError,
  listOrganizationExports,
  readExportChunks,
} from "@/lib/db/organization-exports";
import type { TenantContext } from "@/lib/db/tenant-context";
import { conversationExportSchema } from "@/lib/schemas/conversation-export";
import { parseEnv } from "@/lib/server/env";
import { closeExportSender } from "@/lib/server/exports/export-queue";
import { startOrganizationExport } from "@/lib/server/exports/start-export";
import { runOrganizationExport } from "@/lib/server/exports/organization-export-job";
import { startWorker } from "@/lib/server/jobs/worker";
import { getTestPrisma, testDatabaseUrl } from "@/tests/integration/support/databases";
import { createTenant } from "@/tests/integration/store/support";
import { eventually } from "@/tests/support/eventually";
import { ANSWERER_NAME, seedConversation } from "./support";

const linesOf = async (tenant: TenantContext, exportId: string) => {
  const chunks = await readExportChunks(tenant, exportId, -1, 100);
  const text = chunks.map((chunk) => Buffer.from(chunk.data).toString("utf8")).join("");
  return {
    chunks,
    lines: text
      .split("\n")
      .filter(Boolean)
      .map((line) => conversationExportSchema.parse(JSON.parse(line))),
  };
};

describe("organization export", () => {
  let alpha: TenantContext;
  let bravo: TenantContext;
  const alphaIds: string[] = [];
  beforeAll(async () => {
    alpha = await createTenant("alpha");
    bravo = await createTenant("bravo");
    for (const title of ["Apricot", "Blueberry", "Cherry"]) alphaIds.push((await seedConversation(alpha, title)).id);
    await seedConversation(bravo, "Secret bravo plan");
  });
  afterAll(() => closeExportSender());

  it("writes each of the organization's conversations as one line, page by page, with its progress and size", async () => {
    const created = await createOrganizationExport(alpha, "203.0.113.9");
    expect(created).toMatchObject({ status: "queued", conversationsDone: 0, conversationsTotal: 3 });

    await runOrganizationExport({ exportId: created.id, organizationId: alpha.organizationId }, { pageSize: 2 });

    const [row] = await listOrganizationExports(alpha);
    const { chunks, lines } = await linesOf(alpha, created.id);
    expect(row).toMatchObject({ id: created.id, status: "done", conversationsDone: 3, conversationsTotal: 3, error: null });
    expect(row.byteSize).toBe(chunks.reduce((sum, chunk) => sum + chunk.data.byteLength, 0));
    expect(chunks.map((chunk) => chunk.index)).toEqual([0, 1]);
    const expected = await readConversationExports(alpha, [...alphaIds].sort());
    expect(lines).toEqual(expected);
    expect(lines.map((line) => line.title).sort()).toEqual(["Apricot", "Blueberry", "Cherry"]);
    expect(lines[0].cards[0]).toMatchObject({
      tool_name: "ask_preference",
      status: "resolved",
      answer: { choice: "Rome" },
      answered_by: { name: ANSWERER_NAME },
    });
    expect(JSON.stringify(lines)).not.toContain("bravo");

    const audit = await getTestPrisma().auditLog.findMany({ where: { organizationId: alpha.organizationId, target: created.id } });
    expect(audit.map((entry) => entry.action)).toEqual(["organization.export_started"]);
  });

  it("refuses a second export while one is queued (until it is stale), and starts over cleanly when a job is retried", async () => {
    const tenant = await createTenant("charlie");
    await seedConversation(tenant, "Only one");
    const created = await createOrganizationExport(tenant, null);
    await expect(createOrganizationExport(tenant, null)).rejects.toBeInstanceOf(ExportInProgressError);
    const later = new Date(Date.now() + EXPORT_STALE_MS + 1000);
    const replaced = await createOrganizationExport(tenant, null, later);
    expect((await listOrganizationExports(tenant, later)).find((item) => item.id === created.id)).toMatchObject({
      status: "failed",
      error: "The export did not finish. Start it again.",
    });
    await getTestPrisma().organizationExport.deleteMany({ where: { id: replaced.id } });
    const job = { exportId: created.id, organizationId: tenant.organizationId };
    await runOrganizationExport(job);
    await runOrganizationExport(job);
    const { lines } = await linesOf(tenant, created.id);
    expect(lines.map((line) => line.title)).toEqual(["Only one"]);
    expect((await listOrganizationExports(tenant))[0]).toMatchObject({ status: "done", conversationsDone: 1 });
  });

  it("is run by the worker from the queue once started", async () => {
    const tenant = await createTenant("delta");
    await seedConversation(tenant, "Queued one");
    const worker = await startWorker({ databaseUrl: testDatabaseUrl(), env: parseEnv({ DATABASE_URL: testDatabaseUrl() }) });
    try {
      const created = await startOrganizationExport({ ...tenant, ip: null }, testDatabaseUrl());
      const done = await eventually(async () => {
        const [row] = await listOrganizationExports(tenant);
        return row?.status === "done" && row;
      }, 30_000);
      expect(done).toMatchObject({ id: created.id, conversationsDone: 1 });
      expect((await linesOf(tenant, created.id)).lines.map((line) => line.title)).toEqual(["Queued one"]);
    } finally {
      await worker.stop();
    }
  });
});
