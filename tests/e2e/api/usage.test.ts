// GET /api/orgs/{slug}/usage and its CSV against the production build: owners and admins read the
// month's report, members get 403 (and the page tells them to ask an admin), a bad month is 400.
import { beforeAll, describe, expect, it } from "vitest";
import type { UsageReport } from "@/lib/schemas/billing";
import { appBaseURL } from "../support/env";
import type { TestAccount } from "../support/http-client";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";

let owner: TestAccount;
let admin: TestAccount;
let member: TestAccount;
let slug: string;
const thisMonth = new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  ({ owner, admin, member, slug } = await teamOf(appBaseURL()));
  const [{ id: organizationId }] = await sql<{ id: string }>(`SELECT "id" FROM "Organization" WHERE "slug" = $1`, [slug]);
  await sql(
    `INSERT INTO "UsageEntry" ("organizationId", "kind", "userId", "conversationId", "model", "tokensIn", "tokensOut", "createdAt")
     VALUES ($1, 'tokens', $2, 'usage-api-conversation', 'demo', 120, 30, now()), ($1, 'message', $2, 'usage-api-conversation', NULL, 0, 0, now())`,
    [organizationId, admin.userId],
  );
});

describe("the usage API", () => {
  it("answers owners and admins with this month's report", async () => {
    for (const reader of [owner, admin]) {
      const answer = await reader.client.json<UsageReport>(`/api/orgs/${slug}/usage`);
      expect(answer.status).toBe(200);
      expect(answer.body.month).toBe(thisMonth);
      expect(answer.body.plan).toBeNull();
      expect(answer.body.totals).toMatchObject({ messages: 1, tokens: 150, seats: 3 });
      expect(answer.body.by_member).toEqual([
        expect.objectContaining({ user_id: admin.userId, name: admin.name, messages: 1, tokens: 150 }),
      ]);
      expect(answer.body.by_day.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), tokens: 150 });
    }
  });

  it("refuses members with 403, and their page says to ask an admin", async () => {
    const answer = await member.client.json<{ error: { code: string } }>(`/api/orgs/${slug}/usage`);
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe("forbidden");
    expect((await member.client.request(`/api/orgs/${slug}/usage/export`)).status).toBe(403);
    const page = await member.client.request(`/${slug}/settings/usage`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Ask an admin of this organization.");
  });

  it("answers a month that is not YYYY-MM, or out of range, with 400 and what to send", async () => {
    for (const month of ["2026-13", "last", "2099-01"]) {
      const answer = await owner.client.json<{ error: { code: string; message: string } }>(`/api/orgs/${slug}/usage?month=${month}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("invalid_month");
      expect(answer.body.error.message).toContain(`to ${thisMonth}`);
      expect((await owner.client.request(`/api/orgs/${slug}/usage/export?month=${month}`)).status).toBe(400);
    }
  });

  it("downloads the month as a CSV attachment named after the organization and the month", async () => {
    const answer = await admin.client.request(`/api/orgs/${slug}/usage/export?month=${thisMonth}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="usage-${slug}-${thisMonth}.csv"`);
    const lines = (await answer.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Day,Member,Email,Conversation ID,Conversation,Model,Messages,/);
    expect(lines.slice(1).map((line) => line.split(",").slice(1, 9))).toEqual([
      [admin.name, admin.email, "usage-api-conversation", "Deleted conversation", "demo", "0", "0", "150"],
      [admin.name, admin.email, "usage-api-conversation", "Deleted conversation", "", "1", "0", "0"],
    ]);
  });
});
