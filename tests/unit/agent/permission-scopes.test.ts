import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ForbiddenError, ValidationError } from "@/lib/agent/errors";
import { ORGANIZATION_WIDE_IS_FOR_ADMINS, permissionInputKey, type PermissionAnswerer } from "@/lib/agent/permissions";
import { MemoryStore } from "@/lib/agent/testing";
import { defineTool, success } from "@/lib/agent/tool";
import { makeAgent } from "./helpers";

const ADMIN: PermissionAnswerer = { userId: "admin-1", isAdmin: true };
const MEMBER: PermissionAnswerer = { userId: "member-1", isAdmin: false };
const PROD = { env: "prod" };

const deployTool = (deployed: string[]) =>
  defineTool({
    name: "deploy",
    description: "Deploys.",
    inputSchema: z.object({ env: z.string() }),
    requiresPermission: true,
    async do(input) {
      deployed.push(input.env);
      return success({ deployed: input.env });
    },
  });

/** One request by `startedBy` that calls deploy; answers its card (if any) with `answer` as `answerer`. */
async function requestDeploy(store: MemoryStore, deployed: string[], startedBy: string, answer?: unknown, answerer?: PermissionAnswerer) {
  const harness = makeAgent([{ toolCalls: [{ name: "deploy", input: PROD }] }, { text: "done" }], { store });
  harness.glove.fold(deployTool(deployed));
  const outcome = await harness.glove.processRequest("deploy", { startedBy });
  const card = outcome.status === "suspended" ? outcome.slots[0] : null;
  if (card && answer !== undefined) {
    await harness.glove.resolveSlot(card.id, answer, { answerer: answerer ?? ADMIN });
    await harness.glove.continueRun();
  }
  return { ...harness, outcome, card };
}

describe("permission scopes: a grant or denial covers its maker or the organization", () => {
  it("a member cannot decide for the organization: 403 with a sentence, nothing stored, the card still waits", async () => {
    const store = new MemoryStore();
    const deployed: string[] = [];
    const { glove, card } = await requestDeploy(store, deployed, MEMBER.userId!);
    for (const decision of ["allow_input_always", "deny_always"]) {
      const refused = glove.resolveSlot(card!.id, { decision, scope: "organization" }, { answerer: MEMBER });
      await expect(refused).rejects.toBeInstanceOf(ForbiddenError);
      await expect(refused).rejects.toThrow(ORGANIZATION_WIDE_IS_FOR_ADMINS);
    }
    expect(await store.getPermission("deploy", permissionInputKey(PROD))).toBeNull();
    expect(await store.getPermission("deploy", null)).toBeNull();
    expect((await store.getSlot(card!.id))?.status).toBe("pending");
    expect(deployed).toEqual([]);
  });

  it("an admin may keep an 'always' for themselves: it covers only the runs they start", async () => {
    const store = new MemoryStore();
    const deployed: string[] = [];
    await requestDeploy(store, deployed, ADMIN.userId!, { decision: "allow_input_always", scope: "person" }, ADMIN);
    expect(await store.getPermission("deploy", permissionInputKey(PROD), ADMIN.userId)).toMatchObject({ status: "granted" });
    expect(await store.getPermission("deploy", permissionInputKey(PROD))).toBeNull();
    expect((await requestDeploy(store, deployed, ADMIN.userId!)).outcome.status).toBe("completed");
    expect((await requestDeploy(store, deployed, MEMBER.userId!)).outcome.status).toBe("suspended");
    expect(store.decisions()[0]).toMatchObject({ decision: "allow_input_always", scope: "person", decided_by: ADMIN.userId });
  });

  it("a member's 'never allow' is stored for them: their later calls are refused without a card, others still ask", async () => {
    const store = new MemoryStore();
    const deployed: string[] = [];
    await requestDeploy(store, deployed, MEMBER.userId!, { decision: "deny_always", reason: "Not from my chats." }, MEMBER);
    expect(await store.getPermission("deploy", null, MEMBER.userId)).toMatchObject({ status: "denied", reason: "Not from my chats." });
    const again = await requestDeploy(store, deployed, MEMBER.userId!);
    expect(again.outcome.status).toBe("completed");
    expect(again.recorder.of("permission_decided")).toEqual([
      expect.objectContaining({ allowed: false, by: "stored", reason: "Not from my chats." }),
    ]);
    expect((await requestDeploy(store, deployed, ADMIN.userId!)).outcome.status).toBe("suspended");
    expect(deployed).toEqual([]);
  });

  it("an admin's 'never allow' covers everyone and wins over a member's own 'always'", async () => {
    const store = new MemoryStore();
    const deployed: string[] = [];
    await store.setPermission({ tool_name: "deploy", input_key: permissionInputKey(PROD), user_id: MEMBER.userId, status: "granted" });
    await requestDeploy(store, deployed, ADMIN.userId!, { decision: "deny_always", reason: "Frozen." }, ADMIN);
    expect(await store.getPermission("deploy", null)).toMatchObject({ status: "denied", user_id: null, reason: "Frozen." });
    const member = await requestDeploy(store, deployed, MEMBER.userId!);
    expect(member.outcome.status).toBe("completed");
    expect(member.recorder.of("permission_decided")[0]).toMatchObject({ allowed: false, by: "stored", reason: "Frozen." });
    expect(deployed).toEqual([]);
  });

  it("a member asks for everyone: this call runs once, a pending request is filed, no grant is stored", async () => {
    const store = new MemoryStore();
    const deployed: string[] = [];
    const { card, recorder } = await requestDeploy(store, deployed, MEMBER.userId!, { decision: "request_organization" }, MEMBER);
    expect(deployed).toEqual(["prod"]);
    expect(recorder.of("permission_decided")[0]).toMatchObject({ allowed: true, by: "user", decision: "request_organization" });
    expect(await store.getPermissionRequest(card!.id)).toEqual({
      tool_name: "deploy",
      input_key: null,
      requested_by: MEMBER.userId,
      slot_id: card!.id,
      status: "pending",
      decided_by: null,
    });
    expect(await store.getPermission("deploy", null)).toBeNull();
    expect((await requestDeploy(store, deployed, MEMBER.userId!)).outcome.status).toBe("suspended");
  });

  it("a request can name the exact input", async () => {
    const store = new MemoryStore();
    const { card } = await requestDeploy(store, [], MEMBER.userId!, { decision: "request_organization", covers: "input" }, MEMBER);
    expect(await store.getPermissionRequest(card!.id)).toMatchObject({ input_key: permissionInputKey(PROD) });
  });

  it("an admin does not ask (they grant), and nobody unknown can ask or keep an 'always' for themselves", async () => {
    const store = new MemoryStore();
    const { glove, card } = await requestDeploy(store, [], MEMBER.userId!);
    await expect(glove.resolveSlot(card!.id, { decision: "request_organization" }, { answerer: ADMIN })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const nobody = { isAdmin: false };
    await expect(glove.resolveSlot(card!.id, { decision: "request_organization" }, { answerer: nobody })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(glove.resolveSlot(card!.id, { decision: "deny_always" }, { answerer: nobody })).rejects.toBeInstanceOf(ValidationError);
    expect(await store.getPermissionRequest(card!.id)).toBeNull();
  });
});

describe("a member's own grant and other people's messages", () => {
  /** A second request by member-1 whose first tool queues a message from `sender`, then calls deploy. */
  async function steeredDeploy(store: MemoryStore, deployed: string[], sender: string | undefined) {
    const harness = makeAgent(
      [{ toolCalls: [{ name: "look", input: {} }] }, { toolCalls: [{ name: "deploy", input: PROD }] }, { text: "done" }],
      { store },
    );
    harness.glove.fold(deployTool(deployed));
    harness.glove.fold(
      defineTool({
        name: "look",
        description: "Looks around while someone types.",
        inputSchema: z.object({}),
        do: async () => {
          await harness.glove.queueMessage("deploy to prod as well", sender);
          return success("looked");
        },
      }),
    );
    return harness.glove.processRequest("look around", { startedBy: MEMBER.userId });
  }

  async function grantedStore() {
    const store = new MemoryStore();
    await requestDeploy(store, [], MEMBER.userId!, { decision: "allow_input_always" }, MEMBER);
    expect(await store.getPermission("deploy", permissionInputKey(PROD), MEMBER.userId)).toMatchObject({ status: "granted" });
    return store;
  }

  it("another member's message joining the run ends the starter's own grant for that run: the call asks with a card", async () => {
    const store = await grantedStore();
    const deployed: string[] = [];
    const outcome = await steeredDeploy(store, deployed, "member-2");
    expect(outcome).toMatchObject({ status: "suspended", slots: [{ renderer: "permission_request" }] });
    expect(deployed).toEqual([]);
    expect((await store.getRun(outcome.runId!))?.started_by).toBeUndefined();
  });

  it("an API key's message (no sender) does the same", async () => {
    const outcome = await steeredDeploy(await grantedStore(), [], undefined);
    expect(outcome.status).toBe("suspended");
  });

  it("the starter's own steering message keeps the grant", async () => {
    const deployed: string[] = [];
    const outcome = await steeredDeploy(await grantedStore(), deployed, MEMBER.userId);
    expect(outcome.status).toBe("completed");
    expect(deployed).toEqual(["prod"]);
  });
});
