import { beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { answerSlot, createConversation, postMessage, readToEnd, say } from "../support/run-events";
import { sql } from "../support/sql";

type ErrorBody = { error: { code: string; message: string; details?: { issues?: { path: string; message: string }[] } } };

const NUL = "\u0000";
const LONE = "\ud800";

let user: TestAccount;
let conversationId: string;

beforeAll(async () => {
  user = await createAccount(appBaseURL(), "strings");
  conversationId = await createConversation(user.client);
});

/** A 4xx answered as JSON `{error: {code, message}}`, never a 500. */
async function expectJsonRefusal(response: { status: number; body: unknown }, status: number, field?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const { error } = response.body as ErrorBody;
  expect(error.code).toEqual(expect.any(String));
  expect(error.message).toEqual(expect.any(String));
  if (field) expect(error.details?.issues?.map((issue) => issue.path)).toContain(field);
}

describe("NUL and unpaired surrogates in short fields are refused with a 422 naming the field", () => {
  for (const [label, bad] of [
    ["NUL", NUL],
    ["an unpaired surrogate", LONE],
  ] as const) {
    it(`${label} in body fields`, async () => {
      await expectJsonRefusal(await user.client.json("/api/conversations", { json: { title: `Plan${bad}` } }), 422, "title");
      await expectJsonRefusal(
        await user.client.json(`/api/conversations/${conversationId}`, { method: "PATCH", json: { title: `x${bad}y` } }),
        422,
        "title",
      );
      await expectJsonRefusal(await user.client.json("/api/account", { method: "PATCH", json: { name: `Ada${bad}` } }), 422, "name");
      await expectJsonRefusal(
        await user.client.json(`/api/orgs/${user.orgSlug}`, { method: "PATCH", json: { name: `Team${bad}` } }),
        422,
        "name",
      );
      await expectJsonRefusal(await user.client.json("/api/orgs", { json: { name: `Team${bad}` } }), 422, "name");
      await expectJsonRefusal(
        await user.client.json(`/api/orgs/${user.orgSlug}/invites`, { json: { email: `a${bad}@example.com` } }),
        422,
        "email",
      );
      await expectJsonRefusal(await user.client.json("/api/invites/accept", { json: { token: `${"a".repeat(30)}${bad}` } }), 422, "token");
      await expectJsonRefusal(
        await createAccount(appBaseURL(), "nul-signup").then((a) =>
          a.client.json("/api/signup", { json: { email: `b${bad}@example.com`, password: "a long password", name: "B" } }),
        ),
        422,
        "email",
      );
      const settings = { enabledTools: [], name: `Agent${bad}`, providerApiKey: `sk-${bad}` };
      const saved = await user.client.json(`/api/orgs/${user.orgSlug}/agent`, { method: "PUT", json: settings });
      await expectJsonRefusal(saved, 422, "name");
      expect((saved.body as ErrorBody).error.details?.issues?.map((issue) => issue.path)).toContain("providerApiKey");
      await expectJsonRefusal(
        await user.client.json(`/api/orgs/${user.orgSlug}/agent`, {
          method: "PUT",
          json: { enabledTools: [], model: { provider: "openai", model: `gpt${bad}` } },
        }),
        422,
        "model.model",
      );
    });
  }

  it("NUL in query values", async () => {
    for (const path of [
      `/api/conversations?q=%00`,
      `/api/conversations?org=%00`,
      `/api/conversations?cursor=%00`,
      `/api/orgs/${user.orgSlug}/audit?cursor=%00`,
      `/api/conversations/${conversationId}?before=%00`,
    ]) {
      const response = await user.client.json(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect((response.body as ErrorBody).error.code, path).toEqual(expect.any(String));
    }
  });
});

// A lone surrogate cannot reach a path param: its percent-encoding (%ED%A0%80) is not UTF-8, and the
// router fails to decode it before any handler runs (left to the proxy's owner; see docs/failures.md).
describe("path ids and slugs that cannot exist are 404 JSON, never 500", () => {
  for (const bad of ["%00", "a%00b", "cm%00", "%C3%A9"]) {
    it(`"${bad}"`, async () => {
      const paths: Array<[string, string?, unknown?]> = [
        [`/api/conversations/${bad}`],
        [`/api/conversations/${bad}`, "DELETE"],
        [`/api/conversations/${bad}/events`],
        [`/api/conversations/${bad}/messages`, "POST", { text: "hi" }],
        [`/api/conversations/${bad}/abort`, "POST", {}],
        [`/api/slots/${bad}/reject`, "POST", {}],
        [`/api/slots/${bad}/resolve`, "POST", { value: 1 }],
        [`/api/orgs/${bad}`],
        [`/api/orgs/${bad}/members`],
        [`/api/orgs/${user.orgSlug}/members/${bad}`, "DELETE"],
        [`/api/orgs/${user.orgSlug}/invites/${bad}`, "DELETE"],
      ];
      for (const [path, method, json] of paths) {
        const response = await user.client.json(path, { method, json });
        expect(response.status, `${method ?? "GET"} ${path}: ${JSON.stringify(response.body)}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method ?? "GET"} ${path}`).toBeLessThan(500);
        expect((response.body as ErrorBody).error?.code, `${method ?? "GET"} ${path}`).toEqual(expect.any(String));
      }
    });
  }
});

describe("free text keeps what a person wrote", () => {
  it("a chat message with NUL and an unpaired surrogate is stored (cleaned) and answered", async () => {
    const id = await createConversation(user.client);
    const events = await readToEnd(await postMessage(user.client, id, `hello${NUL} wor${LONE}ld`));
    expect(events.at(-1)?.type).toBe("run_completed");
    const stored = await sql<{ text: string }>(
      `SELECT "text" FROM "Message" m JOIN "AgentStore" s ON s."id" = m."storeId" WHERE s."conversationId" = $1 AND m."sender" = 'user'`,
      [id],
    );
    expect(stored.map((row) => row.text)).toEqual(["hello wor\ufffdld"]);
    const snapshot = await user.client.json<{ messages: { sender: string; text: string }[] }>(`/api/conversations/${id}`);
    expect(snapshot.body.messages.map((m) => m.sender)).toEqual(["user", "agent"]);
  });

  it("a reject reason with NUL is kept and produces the permission_decided event", async () => {
    const id = await createConversation(user.client);
    const asked = await say(user.client, id, "send an email to ada@example.com about the launch");
    const slotId = asked.find((event) => event.type === "slot_push")!.data.slot.id as string;
    const events = await readToEnd(await answerSlot(user.client, slotId, "reject", { reason: `not${NUL} now${LONE}` }, { stream: true }));
    expect(events.find((event) => event.type === "permission_decided")?.data).toMatchObject({ allowed: false, reason: "not now\ufffd" });
    expect(events.at(-1)?.type).toBe("run_completed");
  });

  it("a system prompt with NUL is saved without it", async () => {
    const saved = await user.client.json<{ settings: { systemPrompt: string } }>(`/api/orgs/${user.orgSlug}/agent`, {
      method: "PUT",
      json: { enabledTools: [], systemPrompt: `Be brief.${NUL}` },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.systemPrompt).toBe("Be brief.");
  });
});
