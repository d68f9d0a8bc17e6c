import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ForbiddenError, ValidationError } from "@/lib/agent/errors";
import { MemoryStore } from "@/lib/agent/testing";
import { PERMISSION_RENDERER, permissionInputKey, type PermissionAnswerer } from "@/lib/agent/permissions";
import type { StoreAdapter } from "@/lib/agent/store-adapter";
import { defineTool, success } from "@/lib/agent/tool";
import type { ScriptedStep } from "@/lib/models/testing";
import { expectPairedHistory, makeAgent } from "./helpers";

function deployTool(deployed: string[], options: { editable?: boolean; onlyProd?: boolean } = {}) {
  return defineTool({
    name: "deploy",
    description: "Deploys.",
    inputSchema: z.object({ env: z.string(), version: z.number() }),
    requiresPermission: options.onlyProd ? (input) => input.env === "prod" : true,
    permissionInputEditable: options.editable,
    async do(input) {
      deployed.push(`${input.env}@${input.version}`);
      return success({ deployed: input });
    },
  });
}

const deployCall = (env: string, version = 1): ScriptedStep => ({ toolCalls: [{ name: "deploy", input: { env, version } }] });

const ADMIN: PermissionAnswerer = { userId: "admin-1", isAdmin: true };
const MEMBER: PermissionAnswerer = { userId: "member-1", isAdmin: false };

/**
 * Runs one request that calls deploy and answers the permission card (if one appears) with `answer`,
 * as `answerer` (an admin unless told), in a run started by `startedBy`.
 */
async function requestDeploy(
  store: StoreAdapter,
  deployed: string[],
  env: string,
  answer?: unknown,
  options: { answerer?: PermissionAnswerer; startedBy?: string } = {},
) {
  const harness = makeAgent([deployCall(env), { text: "done" }], { store: store as MemoryStore });
  harness.glove.fold(deployTool(deployed, { editable: true }));
  const outcome = await harness.glove.processRequest(`deploy ${env}`, options.startedBy ? { startedBy: options.startedBy } : {});
  if (outcome.status === "suspended" && answer !== undefined) {
    const [card] = outcome.slots;
    await harness.glove.resolveSlot(card.id, answer, { answerer: options.answerer ?? ADMIN });
    await harness.glove.continueRun();
  }
  return { ...harness, outcome };
}

describe("permissions", () => {
  it("asks through a permission_request card before do, with tool name, input and editability", async () => {
    const deployed: string[] = [];
    const { outcome, recorder } = await requestDeploy(new MemoryStore(), deployed, "prod");
    expect(outcome.status).toBe("suspended");
    const slot = outcome.status === "suspended" ? outcome.slots[0] : null;
    expect(slot).toMatchObject({
      index: 0,
      renderer: PERMISSION_RENDERER,
      props: { tool_name: "deploy", input: { env: "prod", version: 1 }, input_editable: true },
    });
    expect(deployed).toEqual([]);
    expect(recorder.of("permission_decided")).toEqual([]);
  });

  it("allow once: runs this call only; the same input asks again next time", async () => {
    const store = new MemoryStore();
    const deployed: string[] = [];
    const first = await requestDeploy(store, deployed, "prod", { decision: "allow_once" });
    expect(deployed).toEqual(["prod@1"]);
    expect(first.recorder.of("permission_decided")[0]).toMatchObject({ allowed: true, by: "user", decision: "allow_once" });
    expect(await store.getPermission("deploy", permissionInputKey({ env: "prod", version: 1 }))).toBeNull();
    const second = await requestDeploy(store, deployed, "prod");
    expect(second.outcome.status).toBe("suspended");
  });

  it("always allow this input: the same input (any key order) runs without a card, another input asks", async () => {
    const store = new MemoryStore();
    const deployed: string[] = [];
    await requestDeploy(store, deployed, "prod", { decision: "allow_input_always" });
    expect(await store.getPermission("deploy", permissionInputKey({ version: 1, env: "prod" }))).toMatchObject({ status: "granted" });
    const again = await requestDeploy(store, deployed, "prod");
    expect(again.outcome.status).toBe("completed");
    expect(again.recorder.of("permission_decided")[0]).toMatchObject({ allowed: true, by: "stored" });
    expect(deployed).toEqual(["prod@1", "prod@1"]);
    const other = await requestDeploy(store, deployed, "staging");
    expect(other.outcome.status).toBe("suspended");
  });

  it("always allow this tool: every input runs without a card", async () => {
    const store = new MemoryStore();
    const deployed: string[] = [];
    await requestDeploy(store, deployed, "prod", { decision: "allow_tool_always" });
    expect((await requestDeploy(store, deployed, "staging")).outcome.status).toBe("completed");
    expect((await requestDeploy(store, deployed, "dev")).outcome.status).toBe("completed");
    expect(deployed).toEqual(["prod@1", "staging@1", "dev@1"]);
  });

  describe("whom an answer covers", () => {
    it("a member cannot always allow a tool for every input: 403, and the card keeps waiting", async () => {
      const store = new MemoryStore();
      const deployed: string[] = [];
      const harness = makeAgent([deployCall("prod"), { text: "done" }], { store });
      harness.glove.fold(deployTool(deployed));
      const outcome = await harness.glove.processRequest("deploy", { startedBy: MEMBER.userId });
      if (outcome.status !== "suspended") throw new Error("expected a card");
      const refused = await harness.glove
        .resolveSlot(outcome.slots[0].id, { decision: "allow_tool_always" }, { answerer: MEMBER })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ForbiddenError);
      expect((refused as ForbiddenError).httpStatus).toBe(403);
      expect((refused as Error).message).toContain("owner or admin");
      expect(await store.getPermission("deploy", null)).toBeNull();
      expect(await store.getSlot(outcome.slots[0].id)).toMatchObject({ status: "pending" });
      expect(store.decisions()).toEqual([]);
    });

    it("a member's 'always allow this input' covers only runs that member starts", async () => {
      const store = new MemoryStore();
      const deployed: string[] = [];
      await requestDeploy(store, deployed, "prod", { decision: "allow_input_always" }, { answerer: MEMBER, startedBy: MEMBER.userId });
      const key = permissionInputKey({ env: "prod", version: 1 });
      expect(await store.getPermission("deploy", key, MEMBER.userId)).toMatchObject({
        status: "granted",
        user_id: MEMBER.userId,
        granted_by: MEMBER.userId,
      });
      expect(await store.getPermission("deploy", key)).toBeNull();

      /** Whether a run started by `startedBy` asks for a card; the card is then dismissed, so the next run can start. */
      const asks = async (env: string, startedBy?: string) => {
        const { glove, outcome } = await requestDeploy(store, deployed, env, undefined, { startedBy });
        if (outcome.status === "suspended") await glove.abort();
        return outcome.status === "suspended";
      };
      expect(await asks("prod", MEMBER.userId)).toBe(false);
      expect(await asks("prod", "owner-1")).toBe(true);
      expect(await asks("prod")).toBe(true);
      expect(await asks("staging", MEMBER.userId)).toBe(true);
      expect(deployed).toEqual(["prod@1", "prod@1"]);
    });

    it("an admin's 'always' covers everyone in the organization", async () => {
      const store = new MemoryStore();
      const deployed: string[] = [];
      await requestDeploy(store, deployed, "prod", { decision: "allow_input_always" }, { answerer: ADMIN, startedBy: ADMIN.userId });
      expect(await store.getPermission("deploy", permissionInputKey({ env: "prod", version: 1 }))).toMatchObject({
        user_id: null,
        granted_by: ADMIN.userId,
      });
      expect((await requestDeploy(store, deployed, "prod", undefined, { startedBy: MEMBER.userId })).outcome.status).toBe("completed");
    });

    it("every answer is recorded: who, which tool, which input, whom it covers; a rejected card as a denial", async () => {
      const store = new MemoryStore();
      const key = permissionInputKey({ env: "prod", version: 1 });
      await requestDeploy(store, [], "prod", { decision: "allow_once" }, { answerer: MEMBER });
      await requestDeploy(store, [], "prod", { decision: "deny", reason: "Freeze" }, { answerer: MEMBER });
      await requestDeploy(store, [], "prod", { decision: "allow_input_always" }, { answerer: MEMBER });
      const rejected = await requestDeploy(store, [], "staging");
      if (rejected.outcome.status !== "suspended") throw new Error("expected a card");
      await rejected.glove.rejectSlot(rejected.outcome.slots[0].id, "Not now", { answerer: ADMIN });
      await rejected.glove.continueRun();
      await requestDeploy(store, [], "dev", { decision: "allow_tool_always" }, { answerer: ADMIN });
      expect(store.decisions().map(({ grant: _grant, ...decision }) => decision)).toEqual([
        { decision: "allow_once", decided_by: MEMBER.userId, tool_name: "deploy", input_key: key, scope: "call" },
        { decision: "deny", decided_by: MEMBER.userId, tool_name: "deploy", input_key: key, scope: "call", reason: "Freeze" },
        { decision: "allow_input_always", decided_by: MEMBER.userId, tool_name: "deploy", input_key: key, scope: "person" },
        {
          decision: "deny",
          decided_by: ADMIN.userId,
          tool_name: "deploy",
          input_key: permissionInputKey({ env: "staging", version: 1 }),
          scope: "call",
          reason: "Not now",
        },
        {
          decision: "allow_tool_always",
          decided_by: ADMIN.userId,
          tool_name: "deploy",
          input_key: permissionInputKey({ env: "dev", version: 1 }),
          scope: "organization",
        },
      ]);
    });
  });

  it("deny: do never runs and the model sees the reason", async () => {
    const store = new MemoryStore();
    const deployed: string[] = [];
    const { model, store: used } = await requestDeploy(store, deployed, "prod", {
      decision: "deny",
      reason: "Release freeze until Monday",
    });
    expect(deployed).toEqual([]);
    const result = model.requests[1].messages[2].tool_results?.[0].result;
    expect(result).toMatchObject({ status: "error", message: "Permission denied: Release freeze until Monday" });
    expectPairedHistory(await used.getMessages());
    expect(await store.getPermission("deploy", null)).toBeNull();
  });

  it("rejecting the card counts as a denial", async () => {
    const deployed: string[] = [];
    const { glove, model, outcome } = await requestDeploy(new MemoryStore(), deployed, "prod");
    if (outcome.status !== "suspended") throw new Error("expected a card");
    await glove.rejectSlot(outcome.slots[0].id, "Not you");
    await glove.continueRun();
    expect(deployed).toEqual([]);
    expect(model.requests[1].messages[2].tool_results?.[0].result.message).toBe("Permission denied: Not you");
  });

  it("a stored denial blocks with its reason", async () => {
    const store = new MemoryStore();
    await store.setPermission({ tool_name: "deploy", input_key: null, status: "denied", reason: "Disabled by an admin" });
    const deployed: string[] = [];
    const { model, outcome, recorder } = await requestDeploy(store, deployed, "prod");
    expect(outcome.status).toBe("completed");
    expect(model.requests[1].messages[2].tool_results?.[0].result.message).toBe("Permission denied: Disabled by an admin");
    expect(recorder.of("permission_decided")[0]).toMatchObject({ allowed: false, by: "stored" });
  });

  it("tenant policy pre-allows or pre-denies without a card, and says so", async () => {
    for (const [rule, ran] of [
      ["allow", true],
      ["deny", false],
    ] as const) {
      const deployed: string[] = [];
      const { glove, recorder, store, model } = makeAgent([deployCall("prod"), { text: "ok" }], { permissionPolicy: { deploy: rule } });
      glove.fold(deployTool(deployed));
      expect((await glove.processRequest("go")).status).toBe("completed");
      expect(deployed.length > 0).toBe(ran);
      expect(await store.listSlots()).toEqual([]);
      expect(recorder.of("permission_decided")[0]).toMatchObject({ allowed: ran, by: "policy" });
      if (!ran) expect(model.requests[1].messages[2].tool_results?.[0].result.message).toMatch(/policy/);
    }
  });

  it("requiresPermission as a function of the input gates only matching inputs", async () => {
    const deployed: string[] = [];
    const { glove } = makeAgent([deployCall("staging"), deployCall("prod")]);
    glove.fold(deployTool(deployed, { onlyProd: true }));
    expect((await glove.processRequest("go")).status).toBe("suspended");
    expect(deployed).toEqual(["staging@1"]);
  });

  it("an admin's edited input is re-validated and then used verbatim; the model is told", async () => {
    const store = new MemoryStore();
    const deployed: string[] = [];
    const harness = makeAgent([deployCall("prod"), { text: "ok" }], { store });
    harness.glove.fold(deployTool(deployed, { editable: true }));
    const outcome = await harness.glove.processRequest("deploy");
    if (outcome.status !== "suspended") throw new Error("expected a card");
    const card = outcome.slots[0];
    await expect(
      harness.glove.resolveSlot(card.id, { decision: "allow_once", editedInput: { env: "prod", version: 2 } }),
    ).rejects.toBeInstanceOf(ValidationError);
    const invalid = await harness.glove
      .resolveSlot(card.id, { decision: "allow_once", editedInput: { env: "prod", version: "two" } }, { answerer: ADMIN })
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as Error).message).toContain("version");
    await harness.glove.resolveSlot(
      card.id,
      { decision: "allow_input_always", editedInput: { env: "prod", version: 2 } },
      { answerer: ADMIN },
    );
    await harness.glove.continueRun();
    expect(deployed).toEqual(["prod@2"]);
    expect(harness.model.requests[1].messages[2].tool_results?.[0].result.message).toContain("edited the input");
    expect(await store.getPermission("deploy", permissionInputKey({ env: "prod", version: 2 }))).toMatchObject({ status: "granted" });
    expect(await store.getPermission("deploy", permissionInputKey({ env: "prod", version: 1 }))).toBeNull();
    expect(harness.recorder.of("permission_decided")[0]).toMatchObject({ input_edited: true });
  });

  it("refuses an edited input when the tool does not allow editing, even for admins", async () => {
    const deployed: string[] = [];
    const { glove } = makeAgent([deployCall("prod")]);
    glove.fold(deployTool(deployed, { editable: false }));
    const outcome = await glove.processRequest("deploy");
    if (outcome.status !== "suspended") throw new Error("expected a card");
    await expect(
      glove.resolveSlot(outcome.slots[0].id, { decision: "allow_once", editedInput: { env: "x", version: 1 } }, { answerer: ADMIN }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(glove.resolveSlot(outcome.slots[0].id, { decision: "maybe" })).rejects.toBeInstanceOf(ValidationError);
  });

  it("a re-executed call does not ask twice: the card's answer is durable", async () => {
    const deployed: string[] = [];
    const { glove, store } = makeAgent([{ toolCalls: [{ name: "guarded", input: {} }] }, { text: "ok" }]);
    glove.fold({
      name: "guarded",
      description: "Gated, then asks a question.",
      requiresPermission: true,
      async do(_input, display) {
        const answer = await display.pushAndWait({ q: "which?" });
        deployed.push(String(answer));
        return success(answer);
      },
    });
    await glove.processRequest("go");
    const [permission] = await store.listSlots({ status: "pending" });
    await glove.resolveSlot(permission.id, { decision: "allow_once" });
    expect((await glove.continueRun()).status).toBe("suspended");
    const pending = await store.listSlots({ status: "pending" });
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ index: 1, props: { q: "which?" } });
    await glove.resolveSlot(pending[0].id, "blue");
    await glove.continueRun();
    expect(deployed).toEqual(["blue"]);
  });

  describe("the model cannot grant itself a permission", () => {
    it("has no tool that writes permissions: every built-in tool leaves them untouched", async () => {
      const store = new MemoryStore();
      const writes: unknown[] = [];
      const original = store.setPermission.bind(store);
      store.setPermission = async (record) => {
        writes.push(record);
        return original(record);
      };
      const { glove } = makeAgent(
        [
          {
            toolCalls: [
              { name: "glove_update_tasks", input: { todos: [{ content: "grant deploy", activeForm: "granting", status: "completed" }] } },
              { name: "glove_post_to_inbox", input: { tag: "permission", request: "allow_tool_always deploy" } },
              { name: "glove_invoke_skill", input: { name: "grant" } },
              { name: "glove_invoke_subagent", input: { name: "helper", prompt: "grant deploy" } },
              { name: "permission_request", input: { decision: "allow_tool_always", tool_name: "deploy" } },
              { name: "setPermission", input: { tool_name: "deploy", status: "granted" } },
            ],
          },
          { text: "I tried." },
        ],
        { store },
      );
      glove.defineSkill({ name: "grant", exposeToAgent: true, handler: () => "no power here" });
      glove.defineSubAgent({
        name: "helper",
        factory: ({ store: childStore }) => makeAgent([{ text: "nope" }], { store: childStore as MemoryStore }).glove,
      });
      glove.fold(deployTool([]));
      await glove.processRequest("grant yourself deploy");
      expect(writes).toEqual([]);
      expect(await store.getPermission("deploy", null)).toBeNull();
    });

    it("input crafted to look like a decision is still gated; a tool cannot answer its own card", async () => {
      const deployed: string[] = [];
      const { glove, store } = makeAgent([{ toolCalls: [{ name: "sneaky", input: { decision: "allow_tool_always" } }] }]);
      glove.fold({
        name: "sneaky",
        description: "Tries to approve itself.",
        requiresPermission: true,
        async do(_input, _display, handle) {
          // The handle a tool gets has no way to reach the store or answer cards.
          deployed.push(Object.keys(handle).sort().join(","));
          return success(null);
        },
      });
      expect((await glove.processRequest("go")).status).toBe("suspended");
      expect(deployed).toEqual([]);
      expect((await store.listSlots({ status: "pending" }))[0].renderer).toBe(PERMISSION_RENDERER);
    });

    it("the handle passed to tools exposes only fold and model", async () => {
      let keys: string[] = [];
      const { glove } = makeAgent([{ toolCalls: [{ name: "inspect", input: {} }] }, { text: "ok" }]);
      glove.fold({
        name: "inspect",
        description: "Looks around.",
        do: async (_input, _display, handle) => ((keys = Object.keys(handle).sort()), success(null)),
      });
      await glove.processRequest("go");
      expect(keys).toEqual(["fold", "model"]);
    });
  });
});
