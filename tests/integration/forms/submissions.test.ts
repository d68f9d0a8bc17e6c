// The submission queries on real Postgres: filters, keyset pages, columns across versions, the
// revision history in commit order, the audited status change, and nothing of another tenant.
import { beforeAll, describe, expect, it } from "vitest";
import { InvalidCursorError } from "@/lib/db/keyset-cursor";
import { createConversation } from "@/lib/db/conversations";
import {
  getSubmission,
  listSubmissions,
  loadSubmissionForm,
  setSubmissionStatus,
  UnknownSubmissionFieldError,
  type SubmissionForm,
} from "@/lib/db/form-submissions";
import type { TenantContext } from "@/lib/db/tenant-context";
import { query, testDatabaseUrl } from "@/tests/integration/support/databases";
import { createTenant } from "@/tests/integration/store/support";
import { expenseClaim, insertForm, insertSubmission, type RunSql } from "@/tests/support/form-submission-rows";

const run: RunSql = (text, values) => query(testDatabaseUrl(), text, values);

let tenant: TenantContext;
let other: TenantContext;
let formId: string;
let form: SubmissionForm;
const ids: Record<string, string> = {};
const day = (d: number, hour = 12) => new Date(Date.UTC(2030, 0, d, hour));

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant("subs"), createTenant("other")]);
  // Version 1 had a "project" field; version 2 (current) dropped it and added "notes".
  formId = await insertForm(run, tenant.organizationId, [
    expenseClaim([{ id: "project", label: "Project", type: "text" }]),
    expenseClaim([{ id: "notes", label: "Notes", type: "long_text", required: false }]),
  ]);
  const base = { organizationId: tenant.organizationId, formId, formKey: "expense-claim" };
  ids.old = await insertSubmission(run, {
    ...base,
    formVersion: 1,
    values: { full_name: "Old Timer", mode: "rail", amount: 10, project: "Apollo" },
    createdAt: day(1),
  });
  ids.ada = await insertSubmission(run, {
    ...base,
    formVersion: 2,
    values: { full_name: "Ada Lovelace", mode: "car", amount: 612.5, receipts: ["fuel", "hotel"], billable: true },
    submittedById: tenant.userId,
    status: "processed",
    createdAt: day(2),
  });
  for (let index = 0; index < 5; index += 1) {
    ids[`bulk${index}`] = await insertSubmission(run, {
      ...base,
      formVersion: 2,
      values: { full_name: `Person ${index}`, mode: "air", amount: 100 + index, notes: "50% off_peak" },
      createdAt: day(3 + index),
    });
  }
  // Same timestamp twice: the id orders them, and pages never skip or repeat either.
  ids.tieA = await insertSubmission(run, { ...base, formVersion: 2, values: { full_name: "Tie" }, createdAt: day(10) });
  ids.tieB = await insertSubmission(run, { ...base, formVersion: 2, values: { full_name: "Tie" }, createdAt: day(10) });
  form = (await loadSubmissionForm(tenant, formId))!;
});

const list = (options: Parameters<typeof listSubmissions>[2]) => listSubmissions(tenant, form, options);
const namesOf = async (options: Partial<Parameters<typeof listSubmissions>[2]>) =>
  (await list({ limit: 100, ...options })).submissions.map((s) => s.values.full_name);

describe("submission columns", () => {
  it("are the current version's fields in form order, then fields of older versions that have submissions", () => {
    expect(form.columns.map((c) => c.id)).toEqual(["full_name", "email", "mode", "amount", "receipts", "billable", "notes", "project"]);
    expect(form.columns.find((c) => c.id === "amount")).toEqual({ id: "amount", label: "Total amount", type: "money" });
  });

  it("leave out an older version nobody submitted on", async () => {
    const fresh = await insertForm(run, tenant.organizationId, [
      { ...expenseClaim([{ id: "gone", label: "Gone", type: "text" }]), id: "expense-draft" },
      { ...expenseClaim(), id: "expense-draft" },
    ]);
    const loaded = await loadSubmissionForm(tenant, fresh);
    expect(loaded?.columns.map((c) => c.id)).not.toContain("gone");
  });
});

describe("listing submissions", () => {
  it("newest first, paged by (createdAt, id) without gaps or repeats", async () => {
    const all = (await list({ limit: 100 })).submissions.map((s) => s.id);
    expect(all).toHaveLength(9);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list({ limit: 2, cursor });
      expect(page.submissions.length).toBeLessThanOrEqual(2);
      paged.push(...page.submissions.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
    expect(all.slice(0, 2).sort()).toEqual([ids.tieA, ids.tieB].sort());
    expect(all.at(-1)).toBe(ids.old);
  });

  it("carries status, version, the submitter and the values", async () => {
    const ada = (await list({ limit: 100 })).submissions.find((s) => s.id === ids.ada);
    expect(ada).toMatchObject({
      status: "processed",
      formVersion: 2,
      submittedBy: { id: tenant.userId, email: expect.stringContaining("@example.test") },
      conversationId: null,
      values: { mode: "car", amount: 612.5, receipts: ["fuel", "hotel"], billable: true },
    });
  });

  it("filters by dates (a day alone as `to` includes that day), submitter and status", async () => {
    expect(await namesOf({ from: "2030-01-02", to: "2030-01-03" })).toEqual(["Person 0", "Ada Lovelace"]);
    expect(await namesOf({ from: "2030-01-02T12:00:00Z", to: "2030-01-02T12:00:00Z" })).toEqual(["Ada Lovelace"]);
    expect(await namesOf({ submitter: tenant.userId })).toEqual(["Ada Lovelace"]);
    expect(await namesOf({ status: "processed" })).toEqual(["Ada Lovelace"]);
    expect(await namesOf({ status: "new", to: "2030-01-01" })).toEqual(["Old Timer"]);
  });

  it("filters on a field's value: contains, case-insensitive, literal wildcards, lists and older versions' fields", async () => {
    expect(await namesOf({ field: "full_name", value: "LOVE" })).toEqual(["Ada Lovelace"]);
    expect(await namesOf({ field: "receipts", value: "hotel" })).toEqual(["Ada Lovelace"]);
    expect(await namesOf({ field: "project", value: "apollo" })).toEqual(["Old Timer"]);
    expect(await namesOf({ field: "notes", value: "50%" })).toHaveLength(5);
    expect(await namesOf({ field: "notes", value: "5_%" })).toEqual([]);
    expect(await namesOf({ field: "notes", value: "off_peak" })).toHaveLength(5);
    expect(await namesOf({ field: "amount", value: "612" })).toEqual(["Ada Lovelace"]);
  });

  it("refuses a field the form never had, naming it", async () => {
    const refused = list({ limit: 10, field: "nope", value: "x" });
    await expect(refused).rejects.toBeInstanceOf(UnknownSubmissionFieldError);
    await expect(refused).rejects.toThrow(/"nope"/);
  });

  it("refuses a cursor it did not hand out", async () => {
    await expect(list({ limit: 10, cursor: "bm90LWEtY3Vyc29y" })).rejects.toBeInstanceOf(InvalidCursorError);
  });
});

describe("one submission", () => {
  it("has the full revision history of every field, in commit order, with who and when", async () => {
    const conversation = await createConversation(tenant);
    const id = await insertSubmission(run, {
      organizationId: tenant.organizationId,
      formId,
      formKey: "expense-claim",
      formVersion: 2,
      conversationId: conversation.id,
      values: { full_name: "Grace Hopper", mode: "rail" },
      entries: [
        { fieldId: "full_name", value: "Grace" },
        { fieldId: "mode", value: "car" },
        { fieldId: "mode", value: "rail", by: { kind: "person", id: tenant.userId, name: "Grace H." } },
        { fieldId: "full_name", value: "Grace Hopper", by: { kind: "api", id: "key_1" } },
        { fieldId: "mode", op: "undo" },
        { fieldId: "mode", op: "redo" },
      ],
    });
    const detail = await getSubmission(tenant, form, id);
    expect(detail?.conversation).toEqual({ id: conversation.id, title: conversation.title });
    expect(detail?.submission.columns).toEqual(form.columns);
    expect(detail?.submission.history.map((h) => [h.field, h.label, h.op, h.value, h.by.kind, h.by.name])).toEqual([
      ["full_name", "Full name", "set", "Grace", "agent", null],
      ["mode", "Mode of travel", "set", "car", "agent", null],
      ["mode", "Mode of travel", "set", "rail", "person", "Grace H."],
      ["full_name", "Full name", "set", "Grace Hopper", "api", null],
      ["mode", "Mode of travel", "undo", null, "agent", null],
      ["mode", "Mode of travel", "redo", null, "agent", null],
    ]);
    const times = detail!.submission.history.map((h) => Date.parse(h.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("says when its conversation is gone", async () => {
    const detail = await getSubmission(tenant, form, ids.ada);
    expect(detail?.conversation).toBeNull();
  });

  it("status changes are audited once per change, with from and to", async () => {
    expect(await setSubmissionStatus(tenant, form, ids.old, "processed", "203.0.113.9")).toMatchObject({
      id: ids.old,
      status: "processed",
    });
    expect(await setSubmissionStatus(tenant, form, ids.old, "processed")).toMatchObject({ status: "processed" });
    const audit = await query<{ action: string; target: string; metadata: Record<string, unknown>; ip: string }>(
      testDatabaseUrl(),
      `SELECT "action", "target", "metadata", "ip" FROM "AuditLog" WHERE "organizationId" = $1 AND "action" = 'form.submission_status'`,
      [tenant.organizationId],
    );
    expect(audit).toEqual([
      {
        action: "form.submission_status",
        target: ids.old,
        ip: "203.0.113.9",
        metadata: expect.objectContaining({ from: "new", to: "processed" }),
      },
    ]);
  });
});

describe("tenant scoping", () => {
  it("another organization's form, submission and status change are not found", async () => {
    expect(await loadSubmissionForm(other, formId)).toBeNull();
    // Even with the form object in hand, every query filters by the caller's organization.
    const foreignView = { ...form };
    expect((await listSubmissions(other, foreignView, { limit: 100 })).submissions).toEqual([]);
    expect(await getSubmission(other, foreignView, ids.ada)).toBeNull();
    expect(await setSubmissionStatus(other, foreignView, ids.ada, "new")).toBeNull();
    expect((await getSubmission(tenant, form, ids.ada))?.submission.status).toBe("processed");
  });

  it("a submission of another form of the same organization is not found through this one", async () => {
    const otherForm = await insertForm(run, tenant.organizationId, [{ ...expenseClaim(), id: "support" }]);
    const loaded = (await loadSubmissionForm(tenant, otherForm))!;
    expect(await getSubmission(tenant, loaded, ids.ada)).toBeNull();
    expect((await listSubmissions(tenant, loaded, { limit: 100 })).submissions).toEqual([]);
  });
});
