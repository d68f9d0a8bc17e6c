import { describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";
import type { StoredFormInput } from "@/lib/forms/stored-form";
import type { FormCheckResponse, FormDetail, FormListResponse, FormVersionResponse } from "@/lib/schemas/forms";
import { expenseClaimForm, supportRequestForm } from "@/prisma/demo-forms";

type ErrorBody = {
  error: { code: string; message: string; details?: { problems?: { path: string; message: string }[]; issues?: { path: string }[] } };
};
type FormAnswer = { form: FormDetail } & ErrorBody;

const formsOf = (account: TestAccount) => `/api/orgs/${account.orgSlug}/forms`;
/** As `account`, in `org`'s organization (an admin of a team creates in the owner's). */
const create = (account: TestAccount, definition: unknown, org: TestAccount = account) =>
  account.client.json<FormAnswer>(formsOf(org), { json: { definition } });
const update = (account: TestAccount, formId: string, definition: unknown, baseVersion: number) =>
  account.client.json<FormAnswer>(`${formsOf(account)}/${formId}`, { method: "PUT", json: { definition, baseVersion } });

const withName = (form: StoredFormInput, name: string): StoredFormInput => ({ ...form, name });

describe("form definitions API", () => {
  it("an admin creates a form: version 1, key from the id, counts, the audit entry", async () => {
    const { owner, admin } = await teamOf(appBaseURL());
    const created = await create(admin, expenseClaimForm, owner);
    expect(created.status).toBe(201);
    expect(created.body.form).toMatchObject({
      key: "expense-claim",
      name: "Expense claim",
      currentVersion: 1,
      fieldCount: 7,
      submissionCount: 0,
      archived: false,
      versions: [{ version: 1, createdBy: { id: admin.userId, name: admin.name } }],
    });
    expect(created.body.form.definition.steps[1].fields[3]).toMatchObject({ id: "receipt_url", required: false });
    const list = await owner.client.json<FormListResponse>(formsOf(owner));
    expect(list.body.forms.map((form) => form.key)).toEqual(["expense-claim"]);
    expect(Object.keys(list.body.forms[0]).sort()).toEqual(
      ["archived", "currentVersion", "description", "fieldCount", "id", "key", "name", "submissionCount", "updatedAt"].sort(),
    );
    const audit = await sql<{ action: string }>(
      `SELECT action FROM "AuditLog" a JOIN "Organization" o ON o.id = a."organizationId" WHERE o.slug = $1 AND action LIKE 'form.%'`,
      [owner.orgSlug],
    );
    expect(audit.map((row) => row.action)).toEqual(["form.created"]);
  });

  it("members get 403 on every form route", async () => {
    const { owner, member } = await teamOf(appBaseURL());
    const { body } = await create(owner, supportRequestForm);
    const id = body.form.id;
    const asked = [
      member.client.json(formsOf(owner)),
      member.client.json(formsOf(owner), { json: { definition: expenseClaimForm } }),
      member.client.json(`${formsOf(owner)}/check`, { json: { definition: expenseClaimForm } }),
      member.client.json(`${formsOf(owner)}/import`, { json: { format: "handoff.form", formatVersion: 1, definition: expenseClaimForm } }),
      member.client.json(`${formsOf(owner)}/${id}`),
      member.client.json(`${formsOf(owner)}/${id}`, { method: "PUT", json: { definition: supportRequestForm, baseVersion: 1 } }),
      member.client.json(`${formsOf(owner)}/${id}`, { method: "DELETE" }),
      member.client.json(`${formsOf(owner)}/${id}/versions/1`),
      member.client.json(`${formsOf(owner)}/${id}/export`),
    ];
    expect((await Promise.all(asked)).map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403, 403]);
    expect((await owner.client.json<FormListResponse>(formsOf(owner))).body.forms).toHaveLength(1);
  });

  it("another organization's form is 404 by id", async () => {
    const owner = await createAccount(appBaseURL(), "forms-owner");
    const other = await createAccount(appBaseURL(), "forms-other");
    const { body } = await create(owner, supportRequestForm);
    expect((await other.client.json(`${formsOf(other)}/${body.form.id}`)).status).toBe(404);
    expect((await update(other, body.form.id, supportRequestForm, 1)).status).toBe(404);
    expect((await other.client.json(`${formsOf(other)}/${body.form.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await other.client.json(`${formsOf(other)}/${body.form.id}/versions/1`)).status).toBe(404);
    expect((await other.client.json(`${formsOf(other)}/${body.form.id}/export`)).status).toBe(404);
    expect((await owner.client.json<FormAnswer>(`${formsOf(owner)}/${body.form.id}`)).body.form.archived).toBe(false);
  });

  it("editing makes a new version; the old one stays readable; an identical save changes nothing", async () => {
    const owner = await createAccount(appBaseURL(), "forms-editor");
    const { body } = await create(owner, supportRequestForm);
    const id = body.form.id;
    const same = await update(owner, id, supportRequestForm, 1);
    expect(same.status).toBe(200);
    expect(same.body.form.currentVersion).toBe(1);
    const edited = await update(owner, id, withName(supportRequestForm, "Help request"), 1);
    expect(edited.status).toBe(200);
    expect(edited.body.form).toMatchObject({ name: "Help request", currentVersion: 2 });
    expect(edited.body.form.versions.map((version) => version.version)).toEqual([2, 1]);
    const first = await owner.client.json<FormVersionResponse>(`${formsOf(owner)}/${id}/versions/1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 1, definition: { name: "Support request" } });
    expect((await owner.client.json(`${formsOf(owner)}/${id}/versions/3`)).status).toBe(404);
    expect((await owner.client.json(`${formsOf(owner)}/${id}/versions/abc`)).status).toBe(404);
  });

  it("409 on a stale baseVersion and on a taken key; 422 when the key would change", async () => {
    const owner = await createAccount(appBaseURL(), "forms-conflicts");
    const { body } = await create(owner, supportRequestForm);
    const id = body.form.id;
    expect((await update(owner, id, withName(supportRequestForm, "First"), 1)).status).toBe(200);
    const stale = await update(owner, id, withName(supportRequestForm, "Second"), 1);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("form_version_conflict");
    const taken = await create(owner, supportRequestForm);
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("form_key_taken");
    const rekeyed = await update(owner, id, { ...supportRequestForm, id: "other-key" }, 2);
    expect(rekeyed.status).toBe(422);
    expect(rekeyed.body.error.code).toBe("invalid_form");
    expect(rekeyed.body.error.details?.problems?.map((problem) => problem.path)).toEqual(["id"]);
  });

  it("two saves from one base version: exactly one wins", async () => {
    const owner = await createAccount(appBaseURL(), "forms-race");
    const { body } = await create(owner, supportRequestForm);
    const answers = await Promise.all(["A", "B", "C"].map((name) => update(owner, body.form.id, withName(supportRequestForm, name), 1)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect((await owner.client.json<FormAnswer>(`${formsOf(owner)}/${body.form.id}`)).body.form.currentVersion).toBe(2);
  });

  it("400 malformed JSON, 413 too big, 422 invalid with paths at the step and field", async () => {
    const owner = await createAccount(appBaseURL(), "forms-bad-input");
    const malformed = await owner.client.json<ErrorBody>(formsOf(owner), { body: "{", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid_json");
    const huge = { ...supportRequestForm, description: "x".repeat(300 * 1024) };
    const tooBig = await owner.client.json<ErrorBody>(formsOf(owner), { json: { definition: huge } });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe("payload_too_large");
    const broken: StoredFormInput = {
      ...expenseClaimForm,
      steps: expenseClaimForm.steps.map((step, index) =>
        index === 1 ? { ...step, fields: [{ id: "mode", label: "Mode", type: "one_of" as const }, ...(step.fields ?? []).slice(1)] } : step,
      ),
    };
    const invalid = await create(owner, broken);
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.code).toBe("invalid_form");
    const paths = invalid.body.error.details?.problems?.map((problem) => problem.path);
    expect(paths).toContain("steps[1].fields[0].options");
    expect(paths).toContain("steps[1].fields[1].when.value");
    const schemaIssue = await create(owner, { ...supportRequestForm, steps: [{ id: "x", title: "" }] });
    expect(schemaIssue.body.error.details?.problems?.map((problem) => problem.path)).toContain("steps[0].title");
    expect((await owner.client.json<FormListResponse>(formsOf(owner))).body.forms).toEqual([]);
  });

  it("check answers 200 with the same problems a save would give", async () => {
    const owner = await createAccount(appBaseURL(), "forms-check");
    const good = await owner.client.json<FormCheckResponse>(`${formsOf(owner)}/check`, { json: { definition: expenseClaimForm } });
    expect(good).toMatchObject({ status: 200, body: { ok: true, problems: [] } });
    const noCurrency = { ...supportRequestForm, steps: [{ id: "s", title: "S", fields: [{ id: "m", label: "M", type: "money" }] }] };
    const bad = await owner.client.json<FormCheckResponse>(`${formsOf(owner)}/check`, { json: { definition: noCurrency } });
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({ ok: false, problems: [{ path: "steps[0].fields[0].currency", message: expect.any(String) }] });
    expect((await owner.client.json<FormListResponse>(formsOf(owner))).body.forms).toEqual([]);
  });

  it("export and import round-trip; import refuses a taken key and a bad document", async () => {
    const source = await createAccount(appBaseURL(), "forms-export");
    const target = await createAccount(appBaseURL(), "forms-import");
    const { body } = await create(source, expenseClaimForm);
    const exported = await source.client.request(`${formsOf(source)}/${body.form.id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toBe('attachment; filename="expense-claim.form.json"');
    const document = (await exported.json()) as { format: string; formatVersion: number; definition: unknown };
    expect(document).toEqual({ format: "handoff.form", formatVersion: 1, definition: body.form.definition });
    const imported = await target.client.json<FormAnswer>(`${formsOf(target)}/import`, { json: document });
    expect(imported.status).toBe(201);
    expect(imported.body.form).toMatchObject({ key: "expense-claim", currentVersion: 1, definition: body.form.definition });
    const again = await target.client.json<ErrorBody>(`${formsOf(target)}/import`, { json: document });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("form_key_taken");
    const wrongFormat = await target.client.json<ErrorBody>(`${formsOf(target)}/import`, { json: { ...document, format: "other" } });
    expect(wrongFormat.status).toBe(422);
    expect(wrongFormat.body.error.details?.issues?.map((issue) => issue.path)).toEqual(["format"]);
    const badDefinition = await target.client.json<ErrorBody>(`${formsOf(target)}/import`, {
      json: { ...document, definition: { ...supportRequestForm, steps: [] } },
    });
    expect(badDefinition.status).toBe(422);
    expect(badDefinition.body.error.details?.problems?.map((problem) => problem.path)).toEqual(["steps"]);
    const audit = await sql<{ action: string }>(
      `SELECT action FROM "AuditLog" a JOIN "Organization" o ON o.id = a."organizationId" WHERE o.slug = $1 AND action LIKE 'form.%'`,
      [target.orgSlug],
    );
    expect(audit.map((row) => row.action)).toEqual(["form.imported"]);
  });

  it("archive hides the form, keeps its versions and takes it off the agent", async () => {
    const owner = await createAccount(appBaseURL(), "forms-archive");
    const { body } = await create(owner, supportRequestForm);
    const agent = `/api/orgs/${owner.orgSlug}/agent`;
    const enabled = await owner.client.json<{ settings: { enabledForms: string[] } }>(agent, {
      method: "PUT",
      json: { name: "Helper", enabledTools: [], enabledForms: ["support-request"] },
    });
    expect(enabled.body.settings.enabledForms).toEqual(["support-request"]);
    const archived = await owner.client.json<FormAnswer>(`${formsOf(owner)}/${body.form.id}`, { method: "DELETE" });
    expect(archived.status).toBe(200);
    expect(archived.body.form.archived).toBe(true);
    expect((await owner.client.json<FormListResponse>(formsOf(owner))).body.forms).toEqual([]);
    const all = await owner.client.json<FormListResponse>(`${formsOf(owner)}?archived=1`);
    expect(all.body.forms.map((form) => [form.key, form.archived])).toEqual([["support-request", true]]);
    expect((await owner.client.json(`${formsOf(owner)}/${body.form.id}/versions/1`)).status).toBe(200);
    const settings = await owner.client.json<{ settings: { enabledForms: string[]; availableForms: unknown[] } }>(agent);
    expect(settings.body.settings).toMatchObject({ enabledForms: [], availableForms: [] });
    const reEnable = await owner.client.json(agent, {
      method: "PUT",
      json: { name: "Helper", enabledTools: [], enabledForms: ["support-request"] },
    });
    expect(reEnable.status).toBe(422);
    const edit = await update(owner, body.form.id, withName(supportRequestForm, "Again"), 1);
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe("form_archived");
  });

  it("agent settings: enabledForms lists forms; unknown or archived keys are 422; absent keeps them", async () => {
    const owner = await createAccount(appBaseURL(), "forms-agent");
    const agent = `/api/orgs/${owner.orgSlug}/agent`;
    type Settings = { settings: { enabledForms: string[]; availableForms: { key: string; name: string }[] } } & ErrorBody;
    const fresh = await owner.client.json<Settings>(agent);
    expect(fresh.body.settings).toMatchObject({ enabledForms: [], availableForms: [] });
    await create(owner, expenseClaimForm);
    expect((await owner.client.json<Settings>(agent)).body.settings.availableForms).toEqual([
      { key: "expense-claim", name: "Expense claim" },
    ]);
    const unknown = await owner.client.json<Settings>(agent, {
      method: "PUT",
      json: { name: "Helper", enabledTools: [], enabledForms: ["expense-claim", "no-such-form"] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details?.issues?.map((issue) => issue.path)).toEqual(["enabledForms.1"]);
    const saved = await owner.client.json<Settings>(agent, {
      method: "PUT",
      json: { name: "Helper", enabledTools: [], enabledForms: ["expense-claim"] },
    });
    expect(saved.body.settings.enabledForms).toEqual(["expense-claim"]);
    const kept = await owner.client.json<Settings>(agent, { method: "PUT", json: { name: "Renamed", enabledTools: [] } });
    expect(kept.body.settings.enabledForms).toEqual(["expense-claim"]);
  });
});
