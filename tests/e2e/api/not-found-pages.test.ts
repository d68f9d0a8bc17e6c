// Bad links inside an organization: the not-found page in the shell with the way back to the chats (404), for
// an unknown conversation, form and submission; and a form of another organization looks the same.
import { beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { sql } from "../support/sql";
import { expenseClaim, insertForm } from "../../support/form-submission-rows";

let owner: TestAccount;
let other: TestAccount;
let formId: string;
let foreignFormId: string;

const organizationId = async (slug: string) =>
  (await sql<{ id: string }>(`SELECT "id" FROM "Organization" WHERE "slug" = $1`, [slug]))[0].id;

beforeAll(async () => {
  owner = await createAccount(appBaseURL(), "owner");
  other = await createAccount(appBaseURL(), "other");
  formId = await insertForm(sql, await organizationId(owner.orgSlug), [expenseClaim()]);
  foreignFormId = await insertForm(sql, await organizationId(other.orgSlug), [expenseClaim()]);
});

describe("the in-app not-found page", () => {
  it.each([
    ["an unknown conversation", () => `/c/no-such-conversation`],
    ["an unknown form", () => `/forms/no-such-form`],
    ["another organization's form", () => `/forms/${foreignFormId}`],
    ["an unknown submission", () => `/forms/${formId}/submissions/no-such-submission`],
  ])("%s: 404 inside the shell, with a link back to the chats", async (_what, path) => {
    const response = await owner.client.request(`/${owner.orgSlug}${path()}`);
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(html).toContain("We could not find that");
    expect(html).toContain("Back to the chats");
    expect(html).toContain('aria-label="Conversations"');
  });
});
