// Inbound endpoints over HTTP: admins create, read, change, rotate and delete them (members 403,
// other organizations 404), the secret is shown once and stored sealed or hashed, changes are
// audited, and the receiver logs refused signatures where admins see them; it is not tenant-scoped.
import { beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { createInboundEndpoint, freshIp, sendHubEvent, type InboundCreated, type InboundEndpoint } from "../support/inbound";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";

let team: Awaited<ReturnType<typeof teamOf>>;
let outsider: TestAccount;
const ip = freshIp();

beforeAll(async () => {
  team = await teamOf(appBaseURL());
  outsider = await createAccount(appBaseURL(), "outsider");
});

const base = () => `/api/orgs/${team.slug}/inbound-endpoints`;

describe("inbound endpoints", () => {
  it("an admin creates one of each kind: the URL to give the sender and the secret, once; stored sealed or hashed", async () => {
    const hub = await createInboundEndpoint(team.admin, { tags: ["finance", "finance", "legal"] }, team.slug);
    expect(hub.status).toBe(201);
    expect(hub.body.endpoint).toMatchObject({
      tags: ["finance", "legal"],
      authKind: "hub_signature",
      enabled: true,
      earlyWindowMinutes: 1440,
    });
    expect(hub.body.endpoint.url).toBe(`${appBaseURL()}/api/inbound/${hub.body.endpoint.id}`);
    const standard = await createInboundEndpoint(team.admin, { authKind: "standard_webhooks", responsePath: "data" }, team.slug);
    expect(standard.body.secret).toMatch(/^whsec_/);
    const bearer = await createInboundEndpoint(team.admin, { authKind: "bearer" }, team.slug);
    expect(bearer.body.secret).toMatch(/^hib_/);

    const rows = await sql<{ id: string; secretSealed: string | null; tokenHash: string | null }>(
      `SELECT "id", "secretSealed", "tokenHash" FROM "InboundEndpoint" WHERE "id" = ANY($1)`,
      [[hub.body.endpoint.id, standard.body.endpoint.id, bearer.body.endpoint.id]],
    );
    const stored = JSON.stringify(rows);
    for (const created of [hub, standard, bearer]) expect(stored).not.toContain(created.body.secret);
    expect(rows.find((row) => row.id === bearer.body.endpoint.id)).toMatchObject({
      secretSealed: null,
      tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const list = await team.admin.client.json<{ endpoints: InboundEndpoint[] }>(base());
    expect(list.body.endpoints.map((endpoint) => endpoint.id)).toEqual(
      expect.arrayContaining([hub.body.endpoint.id, standard.body.endpoint.id, bearer.body.endpoint.id]),
    );
    const read = await team.admin.client.json<{ endpoint: InboundEndpoint }>(`${base()}/${hub.body.endpoint.id}`);
    const everything = JSON.stringify([list.body, read.body]);
    for (const created of [hub, standard, bearer]) expect(everything).not.toContain(created.body.secret);
  });

  it("refuses a bad rule with the fields to fix", async () => {
    const bad = await createInboundEndpoint(
      team.admin,
      { tags: [], correlationPath: "data..id", earlyWindowMinutes: 20_000, authKind: "basic" },
      team.slug,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error?.message).toMatch(/tags/);
    expect(bad.body.error?.message).toMatch(/correlationPath/);
    expect(bad.body.error?.message).toMatch(/earlyWindowMinutes/);
    expect(bad.body.error?.message).toMatch(/authKind/);
  });

  it("changes, rotates (the old secret stops verifying) and deletes, each audited", async () => {
    const created = await createInboundEndpoint(team.admin, {}, team.slug);
    const id = created.body.endpoint.id;
    const patched = await team.admin.client.json<{ endpoint: InboundEndpoint }>(`${base()}/${id}`, {
      method: "PATCH",
      json: { name: "Renamed", tags: ["ops"] },
    });
    expect(patched.body.endpoint).toMatchObject({ name: "Renamed", tags: ["ops"] });

    const rotated = await team.admin.client.json<InboundCreated>(`${base()}/${id}/rotate-secret`, { method: "POST" });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const old = await sendHubEvent(id, JSON.stringify({ data: { order_id: "X" } }), created.body.secret, ip);
    expect(old.status).toBe(401);
    expect((await sendHubEvent(id, JSON.stringify({ data: { order_id: "X" } }), rotated.body.secret, ip)).status).toBe(202);

    const disabled = await team.admin.client.json(`${base()}/${id}`, { method: "PATCH", json: { enabled: false } });
    expect(disabled.status).toBe(200);
    expect((await sendHubEvent(id, "{}", rotated.body.secret, ip)).status).toBe(404);

    expect((await team.admin.client.json(`${base()}/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await team.admin.client.json(`${base()}/${id}`)).status).toBe(404);
    const audit = await sql<{ action: string }>(
      `SELECT "action" FROM "AuditLog" WHERE "metadata"->>'endpointId' = $1 ORDER BY "createdAt"`,
      [id],
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      "inbound_endpoint.created",
      "inbound_endpoint.updated",
      "inbound_endpoint.secret_rotated",
      "inbound_endpoint.updated",
      "inbound_endpoint.deleted",
    ]);
  });

  it("members get 403 and other organizations 404", async () => {
    const created = await createInboundEndpoint(team.owner, {}, team.slug);
    const id = created.body.endpoint.id;
    expect((await team.member.client.json(base())).status).toBe(403);
    expect((await createInboundEndpoint(team.member, {}, team.slug)).status).toBe(403);
    expect((await team.member.client.json(`${base()}/${id}/events`)).status).toBe(403);
    expect((await outsider.client.json(`${base()}/${id}`)).status).toBe(404);
    expect((await outsider.client.json(`/api/orgs/${outsider.orgSlug}/inbound-endpoints/${id}`)).status).toBe(404);
    expect(
      (await outsider.client.json(`/api/orgs/${outsider.orgSlug}/inbound-endpoints/${id}/rotate-secret`, { method: "POST" })).status,
    ).toBe(404);
  });

  it("refused signatures are logged without the body and shown in the events route; a wrong endpoint id is 404", async () => {
    const created = await createInboundEndpoint(team.admin, {}, team.slug);
    const id = created.body.endpoint.id;
    const body = JSON.stringify({ data: { order_id: "ORD-1" } });
    const refused = await sendHubEvent(id, body, "a guess", ip);
    expect(refused.status).toBe(401);
    expect(refused.body.error?.message).toBe("The event was refused: the signature does not match.");
    const missing = await sendHubEvent(id, body, created.body.secret, ip, { "x-hub-signature-256": "" });
    expect(missing.body.error?.message).toContain("missing X-Hub-Signature-256");
    const kept = await sendHubEvent(id, body, created.body.secret, ip);
    expect(kept).toMatchObject({ status: 202, body: { outcome: "kept", item_id: null } });

    const log = await team.admin.client.json<{
      events: { verification: string; outcome: string; refusedReason: string | null; correlationKey: string | null }[];
    }>(`${base()}/${id}/events`);
    expect(log.body.events).toEqual([
      expect.objectContaining({ verification: "verified", outcome: "kept", correlationKey: "ORD-1" }),
      expect.objectContaining({ verification: "refused", outcome: "refused", refusedReason: "missing X-Hub-Signature-256" }),
      expect.objectContaining({
        verification: "refused",
        outcome: "refused",
        refusedReason: "the signature does not match",
        correlationKey: null,
      }),
    ]);
    const stored = await sql<{ response: unknown }>(
      `SELECT "response" FROM "InboundEvent" WHERE "endpointId" = $1 AND "verification" = 'refused'`,
      [id],
    );
    expect(stored).toEqual([{ response: null }, { response: null }]);

    expect((await sendHubEvent(`${id}x`, body, created.body.secret, ip)).status).toBe(404);
    expect((await sendHubEvent("not-an-endpoint", body, created.body.secret, ip)).status).toBe(404);
  });

  it("throttles refused requests per address (429) so a flood cannot fill the log", async () => {
    const created = await createInboundEndpoint(team.admin, {}, team.slug);
    const flood = freshIp();
    let status = 401;
    let sent = 0;
    while (status === 401 && sent < 40) {
      status = (await sendHubEvent(created.body.endpoint.id, "{}", "wrong", flood)).status;
      sent++;
    }
    expect(status).toBe(429);
    const [{ count }] = await sql<{ count: string }>(`SELECT count(*) FROM "InboundEvent" WHERE "endpointId" = $1`, [
      created.body.endpoint.id,
    ]);
    expect(Number(count)).toBe(30);
  });
});
