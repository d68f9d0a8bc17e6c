import { describe, expect, it } from "vitest";
import { parseTokens } from "@/lib/agent/extensions/parse-tokens";
import { MemoryStore } from "@/lib/agent/testing";
import type { StoreAdapter } from "@/lib/agent/store-adapter";
import { ScriptedModel } from "@/lib/models/testing";
import { makeAgent, transcript } from "./helpers";

const registries = (hooks: string[], skills: string[]) => ({
  hooks: new Map(hooks.map((name) => [name, true])),
  skills: new Map(skills.map((name) => [name, true])),
});

describe("parseTokens", () => {
  it("binds only registered /names, hooks before skills, and leaves the rest exactly as typed", () => {
    const parsed = parseTokens("/formal please read /usr/local and /brief, ask @alice /unknown /brief", registries(["formal"], ["brief"]));
    expect(parsed.hooks).toEqual(["formal"]);
    expect(parsed.skills).toEqual(["brief"]);
    expect(parsed.replaced).toBe(
      "[invoked_extension__hook_formal] please read /usr/local and /brief, ask @alice /unknown [invoked_extension__skill_brief]",
    );
  });
});

describe("hooks", () => {
  it("rewrite the text the model sees and keep the raw text", async () => {
    const { glove, model, store, recorder } = makeAgent([{ text: "Certainly." }]);
    glove.defineHook("formal", ({ parsedText }) => ({
      rewriteText: `${parsedText.replace("[invoked_extension__hook_formal] ", "")} (answer formally)`,
    }));
    await glove.processRequest("/formal hi there");
    expect(model.requests[0].messages.at(-1)?.text).toBe("hi there (answer formally)");
    expect((await store.getMessages())[0]).toMatchObject({ text: "hi there (answer formally)", pre_modified_text: "/formal hi there" });
    expect(recorder.of("hook_invoked")).toEqual([{ type: "hook_invoked", name: "formal" }]);
  });

  it("short-circuit with a message: no model call, both messages stored", async () => {
    const { glove, model, store } = makeAgent([]);
    glove.defineHook("ping", () => ({ shortCircuit: { message: "pong" } }));
    const outcome = await glove.processRequest("/ping");
    expect(outcome).toMatchObject({ status: "completed", reply: { sender: "agent", text: "pong" } });
    expect(model.requests).toHaveLength(0);
    expect(transcript(await store.getMessages())).toEqual(["user:[invoked_extension__hook_ping]", "agent:pong"]);
  });

  it("switch the model", async () => {
    const { glove, model } = makeAgent([]);
    const smart = new ScriptedModel([{ text: "from the smart model" }], { name: "smart" });
    glove.defineHook("smart", ({ controls }) => void controls.setModel(smart));
    const outcome = await glove.processRequest("/smart think hard");
    expect(outcome).toMatchObject({ reply: { text: "from the smart model" } });
    expect(model.requests).toHaveLength(0);
    expect(smart.systemPrompt).toBe("You are a test agent.");
    expect(glove.model).toBe(smart);
  });

  it("force compaction before the message is stored; a second force has nothing new to summarise", async () => {
    const { glove, model, recorder } = makeAgent([{ text: "long answer" }, { text: "SUMMARY" }, { text: "fresh" }]);
    glove.defineHook("compact", async ({ controls }) => {
      await controls.forceCompaction();
      await controls.forceCompaction();
    });
    await glove.processRequest("question");
    await glove.processRequest("/compact next");
    expect(recorder.of("compaction_start")).toHaveLength(1);
    expect(transcript(model.requests[2].messages)).toEqual([
      expect.stringContaining("[Summary"),
      "user:[invoked_extension__hook_compact] next",
    ]);
  });
});

describe("skills", () => {
  it("/skill injects a flagged user message before the user's own", async () => {
    const { glove, model, recorder } = makeAgent([{ text: "Short it is." }]);
    glove.defineSkill({ name: "brief", handler: ({ source }) => `Answer in one sentence (invoked by ${source}).` });
    await glove.processRequest("/brief what is Handoff?");
    const [skill, user] = model.requests[0].messages;
    expect(skill).toMatchObject({
      sender: "user",
      is_skill_injection: true,
      text: "[Skill: brief]\nAnswer in one sentence (invoked by user).",
    });
    expect(user.text).toBe("[invoked_extension__skill_brief] what is Handoff?");
    expect(recorder.of("skill_invoked")[0]).toMatchObject({ name: "brief", source: "user" });
  });

  it("exposeToAgent skills are callable through glove_invoke_skill; others are not", async () => {
    const { glove, model, recorder } = makeAgent([
      {
        toolCalls: [
          { name: "glove_invoke_skill", input: { name: "style", args: "for emails" } },
          { name: "glove_invoke_skill", input: { name: "secret" } },
        ],
      },
      { text: "ok" },
    ]);
    glove.defineSkill({ name: "style", description: "House style", exposeToAgent: true, handler: ({ args }) => `Be warm ${args}.` });
    glove.defineSkill({ name: "secret", handler: () => "hidden" });
    await glove.processRequest("write");
    const spec = model.requests[0].tools?.find((tool) => tool.name === "glove_invoke_skill");
    expect(spec?.description).toContain("style: House style");
    expect(spec?.description).not.toContain("secret");
    const [style, secret] = model.requests[1].messages[2].tool_results!;
    expect(style.result.data).toEqual({ skill: "style", content: "Be warm for emails." });
    expect(secret.result).toMatchObject({ status: "error", message: expect.stringContaining("not available") });
    expect(recorder.of("skill_invoked")).toEqual([{ type: "skill_invoked", name: "style", source: "agent", args: "for emails" }]);
  });

  it("unbound /tokens and @mentions reach the model untouched", async () => {
    const { glove, model } = makeAgent([{ text: "ok" }]);
    glove.defineSkill({ name: "brief", handler: () => "x" });
    await glove.processRequest("check /etc/hosts and /nothing, cc @bob");
    expect(model.requests[0].messages.at(-1)?.text).toBe("check /etc/hosts and /nothing, cc @bob");
  });
});

describe("subagents", () => {
  it("run through glove_invoke_subagent on their own sub-store and answer the parent", async () => {
    const parentStore = new MemoryStore("parent");
    let childStore: StoreAdapter | null = null;
    const { glove, model, recorder } = makeAgent(
      [
        { toolCalls: [{ id: "sub1", name: "glove_invoke_subagent", input: { name: "researcher", prompt: "Find the capital of France" } }] },
        { text: "It is Paris." },
      ],
      { store: parentStore },
    );
    glove.defineSubAgent({
      name: "researcher",
      description: "Looks things up",
      factory: ({ store, parentStore: parent }) => {
        expect(parent).toBe(parentStore);
        childStore = store;
        return makeAgent([{ text: "Paris." }], { store: store as MemoryStore }).glove;
      },
    });
    await glove.processRequest("What is the capital of France?");
    expect(model.requests[0].tools?.find((tool) => tool.name === "glove_invoke_subagent")?.description).toContain(
      "researcher: Looks things up",
    );
    expect(model.requests[1].messages[2].tool_results?.[0].result).toEqual({
      status: "success",
      data: { subagent: "researcher", content: "Paris." },
    });
    expect(transcript(await childStore!.getMessages())).toEqual(["user:Find the capital of France", "agent:Paris."]);
    expect(transcript(await parentStore.getMessages())).not.toContain("agent:Paris.");
    const types = recorder.types();
    expect(types.filter((type) => type.startsWith("subagent_"))).toEqual(["subagent_invoked", "subagent_completed"]);
    // The child's model events are relayed between the brackets; its run lifecycle is not.
    const between = types.slice(types.indexOf("subagent_invoked"), types.indexOf("subagent_completed"));
    expect(between).toContain("text_delta");
    expect(types.filter((type) => type === "run_started")).toHaveLength(1);
    expect(recorder.of("subagent_completed")[0]).toMatchObject({ name: "researcher", call_id: "sub1", status: "success" });
  });

  it("unknown subagent and a failing factory are error results, still bracketed", async () => {
    const { glove, model, recorder } = makeAgent([
      {
        toolCalls: [
          { name: "glove_invoke_subagent", input: { name: "ghost", prompt: "boo" } },
          { name: "glove_invoke_subagent", input: { name: "broken", prompt: "x" } },
        ],
      },
      { text: "ok" },
    ]);
    glove.defineSubAgent({
      name: "broken",
      factory: () => {
        throw new Error("no config");
      },
    });
    await glove.processRequest("go");
    const results = model.requests[1].messages[2].tool_results!.map((result) => result.result.message);
    expect(results[0]).toContain('Subagent "ghost" is not registered');
    expect(results[1]).toContain("factory threw: no config");
    expect(recorder.of("subagent_completed").map((event) => event.status)).toEqual(["error", "error"]);
    expect(recorder.of("subagent_invoked")).toHaveLength(2);
  });

  it("a subagent that needs a person's answer is stopped and reported, not left waiting", async () => {
    const { glove, model } = makeAgent([
      { toolCalls: [{ name: "glove_invoke_subagent", input: { name: "asker", prompt: "ask" } }] },
      { text: "ok" },
    ]);
    let child: ReturnType<typeof makeAgent> | null = null;
    glove.defineSubAgent({
      name: "asker",
      factory: ({ store }) => {
        child = makeAgent([{ toolCalls: [{ name: "ask", input: {} }] }], { store: store as MemoryStore });
        child.glove.fold({
          name: "ask",
          description: "Asks.",
          do: async (_input, display) => ({ status: "success", data: await display.pushAndWait({}) }),
        });
        return child.glove;
      },
    });
    expect((await glove.processRequest("go")).status).toBe("completed");
    expect(model.requests[1].messages[2].tool_results?.[0].result.message).toContain("cannot wait");
    expect(await child!.store.getActiveRun()).toBeNull();
    expect(await child!.store.listSlots({ status: "pending" })).toEqual([]);
  });

  it("a re-executed dispatch returns the child's earlier answer instead of running it again", async () => {
    let builds = 0;
    const { glove, store } = makeAgent([
      {
        toolCalls: [
          { id: "d", name: "glove_invoke_subagent", input: { name: "once", prompt: "work" } },
          { id: "w", name: "wait", input: {} },
        ],
      },
      { text: "done" },
    ]);
    glove.fold({
      name: "wait",
      description: "Waits.",
      do: async (_input, display) => ({ status: "success", data: await display.pushAndWait({}) }),
    });
    glove.defineSubAgent({
      name: "once",
      factory: ({ store: childStore }) => {
        builds += 1;
        return makeAgent([{ text: "child answer" }], { store: childStore as MemoryStore }).glove;
      },
    });
    await glove.processRequest("go");
    const [slot] = await store.listSlots({ status: "pending" });
    await glove.resolveSlot(slot.id, 1);
    await glove.continueRun();
    expect(builds).toBe(1);
    expect((await store.getMessages())[2].tool_results?.[0].result.data).toEqual({ subagent: "once", content: "child answer" });
  });
});

describe("tasks", () => {
  it("glove_update_tasks replaces the list, keeps ids of unchanged tasks, and emits tasks_updated", async () => {
    const todos = (status: "pending" | "completed") => [
      { content: "Draft the email", activeForm: "Drafting the email", status },
      { content: "Send it", activeForm: "Sending it", status: "pending" as const },
    ];
    const { glove, store, recorder } = makeAgent([
      { toolCalls: [{ name: "glove_update_tasks", input: { todos: todos("pending") } }] },
      { toolCalls: [{ name: "glove_update_tasks", input: { todos: todos("completed") } }] },
      { text: "ok" },
    ]);
    await glove.processRequest("plan");
    const tasks = await store.getTasks();
    expect(tasks.map((task) => [task.content, task.status])).toEqual([
      ["Draft the email", "completed"],
      ["Send it", "pending"],
    ]);
    const updates = recorder.of("tasks_updated");
    expect(updates).toHaveLength(2);
    expect(updates[1].tasks.map((task) => task.id)).toEqual(updates[0].tasks.map((task) => task.id));
  });
});
