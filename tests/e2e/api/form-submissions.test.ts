// A form's submissions over real HTTP: admins list, read, mark and export them (CSV quoting and the
// formula guard included); members get 403, other organizations 404, a bad query a 422 JSON body.
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";
import { expenseClaim, insertForm, insertSubmission } from "../../support/form-submission-rows";

type ErrorBody = { error: { code: string; message: string; details?: { issues?: { path: string; message: string }[] } } };
type Page = {
  submissions: { id: string; status: string; values: Record<string, unknown> }[];
  nextCursor: string | null;
  columns: { id: string }[];
};

let team: Awaited<ReturnType<typeof teamOf>>;
let outsider: TestAccount;
let formId: string;
let base: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  team = await teamOf(appBaseURL());
  outsider = await createAccount(appBaseURL(), "outsider");
  const [{ id: organizationId }] = await sql<{ id: string }>(`SELECT "id" FROM "Organization" WHERE "slug" = $1`, [team.slug]);
  formId = await insertForm(sql, organizationId, [expenseClaim()]);
  base = `/api/orgs/${team.slug}/forms/${formId}/submissions`;
  const rows = { organizationId, formId, formKey: "expense-claim" };
  ids.plain = await insertSubmission(sql, {
    ...rows,
    values: { full_name: "Ada Lovelace", mode: "car", amount: 612.5, receipts: ["fuel", "hotel"], billable: true },
    submittedById: team.member.userId,
    createdAt: new Date("2030-01-01T10:00:00Z"),
    entries: [
      { fieldId: "mode", value: "rail" },
      { fieldId: "mode", value: "car", by: { kind: "person", id: team.member.userId, name: "Member" } },
      { fieldId: "full_name", value: "Ada Lovelace" },
      { fieldId: "amount", value: 612.5 },
    ],
  });
  ids.tricky = await insertSubmission(sql, {
    ...rows,
    values: { full_name: '=HYPERLINK("http://evil.example","click")', mode: "rail", amount: 20, billable: false, receipts: [] },
    createdAt: new Date("2030-01-02T10:00:00Z"),
  });
  ids.quoted = await insertSubmission(sql, {
    ...rows,
    values: { full_name: 'Grace "Amazing" Hopper, PhD\nNavy', mode: "air", amount: 1 },
    createdAt: new Date("2030-01-03T10:00:00Z"),
  });
});

describe("form submissions API", () => {
  it("an admin lists them newest first with the form's columns, and pages through", async () => {
    const first = await team.admin.client.json<Page>(`${base}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.submissions.map((s) => s.id)).toEqual([ids.quoted, ids.tricky]);
    expect(first.body.columns.map((c) => c.id)).toEqual(["full_name", "email", "mode", "amount", "receipts", "billable"]);
    const second = await team.owner.client.json<Page>(`${base}?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ nextCursor: null, submissions: [{ id: ids.plain, values: { amount: 612.5 } }] });

    const filtered = await team.admin.client.json<Page>(
      `${base}?field=full_name&value=lovelace&submitter=${team.member.userId}&status=new`,
    );
    expect(filtered.body.submissions.map((s) => s.id)).toEqual([ids.plain]);
  });

  it("the detail has every revision and the conversation (null here); PATCH marks it processed", async () => {
    const detail = await team.admin.client.json<{
      submission: { history: { field: string; op: string; value: unknown; by: { kind: string } }[]; submittedBy: { email: string } };
      conversation: null;
    }>(`${base}/${ids.plain}`);
    expect(detail.status).toBe(200);
    expect(detail.body.conversation).toBeNull();
    expect(detail.body.submission.submittedBy.email).toBe(team.member.email);
    expect(detail.body.submission.history.map((h) => [h.field, h.value, h.by.kind])).toEqual([
      ["mode", "rail", "agent"],
      ["mode", "car", "person"],
      ["full_name", "Ada Lovelace", "agent"],
      ["amount", 612.5, "agent"],
    ]);

    const patched = await team.admin.client.json<{ submission: { status: string } }>(`${base}/${ids.plain}`, {
      method: "PATCH",
      json: { status: "processed" },
    });
    expect(patched).toMatchObject({ status: 200, body: { submission: { status: "processed" } } });
    const audit = await team.owner.client.json<{ entries: { action: string; target: string }[] }>(`/api/orgs/${team.slug}/audit`);
    expect(audit.body.entries).toContainEqual(expect.objectContaining({ action: "form.submission_status", target: ids.plain }));
    const processed = await team.admin.client.json<Page>(`${base}?status=processed`);
    expect(processed.body.submissions.map((s) => s.id)).toEqual([ids.plain]);
  });

  it("exports CSV: header, labels, RFC 4180 quoting, the formula guard, lists and yes/no", async () => {
    const response = await team.admin.client.request(`${base}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="expense-claim-submissions.csv"');
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Submitted at,Submitted by,Status,Version,Full name,Email,Mode of travel,Total amount,Receipts,Billable");
    expect(text).toContain('2030-01-03T10:00:00.000Z,,new,1,"Grace ""Amazing"" Hopper, PhD\nNavy",,air,1,,\r\n');
    expect(text).toContain(`2030-01-02T10:00:00.000Z,,new,1,"'=HYPERLINK(""http://evil.example"",""click"")",,rail,20,,no\r\n`);
    expect(text).toContain(`,processed,1,Ada Lovelace,,car,612.5,fuel; hotel,yes\r\n`);
    expect(text).toContain(`${team.member.email}>`);
    expect(text.endsWith("\r\n")).toBe(true);

    const filtered = await (await team.admin.client.request(`${base}/export?mode=x`)).json();
    expect(filtered).toMatchObject({ error: { code: "validation_failed" } });
    const onlyAir = await (await team.admin.client.request(`${base}/export?field=mode&value=air`)).text();
    // The header and one row: the row's line break inside its quoted cell is a bare LF, not a row end.
    expect(onlyAir.replace(/^\uFEFF/, "").split("\r\n")).toEqual([lines[0], expect.stringContaining("Hopper"), ""]);
  });

  it("members get 403 on every submission route", async () => {
    for (const [method, path, json] of [
      ["GET", base, undefined],
      ["GET", `${base}/${ids.plain}`, undefined],
      ["PATCH", `${base}/${ids.plain}`, { status: "new" }],
      ["GET", `${base}/export`, undefined],
    ] as const) {
      const answer = await team.member.client.json<ErrorBody>(path, { method, json });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.error.code).toBe("forbidden");
    }
  });

  it("another organization gets 404, and an unknown form or submission is 404 too", async () => {
    for (const path of [base, `${base}/${ids.plain}`, `${base}/export`]) expect((await outsider.client.json(path)).status).toBe(404);
    expect((await team.admin.client.json(`/api/orgs/${team.slug}/forms/no-such-form/submissions`)).status).toBe(404);
    expect((await team.admin.client.json(`${base}/no-such-submission`)).status).toBe(404);
    const patch = await team.admin.client.json(`${base}/no-such-submission`, { method: "PATCH", json: { status: "new" } });
    expect(patch.status).toBe(404);
  });

  it("a bad query or body is a 422 JSON answer that names the problem", async () => {
    const cases: [string, string][] = [
      [`${base}?limit=0`, "limit"],
      [`${base}?limit=101`, "limit"],
      [`${base}?from=yesterday`, "from"],
      [`${base}?status=done`, "status"],
      [`${base}?field=full_name`, "field"],
      [`${base}?cursor=bm9wZQ`, ""],
      [`${base}?unknown=1`, ""],
    ];
    for (const [path, field] of cases) {
      const answer = await team.admin.client.json<ErrorBody>(path);
      expect(answer.status, path).toBe(422);
      if (field)
        expect(
          answer.body.error.details?.issues?.map((i) => i.path),
          path,
        ).toContain(field);
    }
    const unknownField = await team.admin.client.json<ErrorBody>(`${base}?field=colour&value=red`);
    expect(unknownField.status).toBe(422);
    expect(unknownField.body.error.message).toContain('"colour"');

    const badStatus = await team.admin.client.json<ErrorBody>(`${base}/${ids.plain}`, { method: "PATCH", json: { status: "done" } });
    expect(badStatus.status).toBe(422);
  });
});
