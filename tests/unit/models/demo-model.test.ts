import { describe, expect, test } from "vitest";
import type { Message } from "@/lib/agent/messages";
import type { ModelToolSpec, PromptRequest } from "@/lib/agent/model-adapter";
import { DEMO_INTRO, DemoModel, NOT_ENABLED } from "@/lib/models/demo-model";
import { DEMO_CODE_AND_TABLE, DEMO_LONG_ANSWER, DEMO_TRIGGERS, findDemoTrigger } from "@/lib/models/demo-triggers";
import { RENDER_DATA_MARKER, recordEvents } from "./conversation-fixtures";

const ALL_DEMO_TOOLS: ModelToolSpec[] = DEMO_TRIGGERS.map((trigger) => ({
  name: trigger.tool,
  description: trigger.feature,
  input_schema: { type: "object" },
}));

const demo = () => new DemoModel({ wordDelayMs: 0 });

/** The runtime's tier-0 line while a form is open (never stored, last in the model's input). */
const FORM_NOTE: Message = {
  sender: "user",
  text: '[form: expense-claim] step 2/4 "Travel" · pending: Mode of travel · later: Total amount',
  is_context_note: true,
};

function ask(text: string, history: Message[] = [], options: { formOpen?: boolean } = {}): PromptRequest {
  return {
    messages: [...history, { id: "msg-user-1", sender: "user", text }, ...(options.formOpen ? [FORM_NOTE] : [])],
    tools: ALL_DEMO_TOOLS,
  };
}

/** A conversation that already has a reply, so the introduction is not repeated. */
const EARLIER: Message[] = [
  { sender: "user", text: "hello" },
  { sender: "agent", text: "Hi." },
];

/** The documented input of each trigger's example, by tool and example (docs/models.md shows the same). */
const EXPECTED_INPUTS: Record<string, unknown> = {
  glove_form_start: { form: "expense claim" },
  "glove_form_revise set": { field: "mode of travel", action: "set", value: "rail" },
  "glove_form_revise undo": { field: "mode of travel", action: "undo" },
  glove_form_submit: {},
  glove_form_abandon: {},
  glove_form_status: {},
  glove_form_fill: { values: { name: "Ada Lovelace", "mode of travel": "car", "distance (km)": 120 } },
  glove_post_to_inbox: { tag: "finance", request: "Approve the Q3 budget", blocking: true },
  glove_update_tasks: {
    todos: [
      { content: "Outline the launch", activeForm: "Outlining the launch", status: "in_progress" },
      { content: "Draft the launch", activeForm: "Drafting the launch", status: "pending" },
      { content: "Review the launch", activeForm: "Reviewing the launch", status: "pending" },
    ],
  },
  send_email: {
    to: "ada@example.com",
    subject: "The launch",
    body: "Hi,\n\nA short note about the launch.\n\nSent by the Handoff demo model.",
  },
  approve_plan: {
    title: "Plan: the product launch",
    steps: [
      "Research the product launch",
      "Draft the product launch",
      "Review the product launch with the team",
      "Ship the product launch",
    ],
  },
  collect_form: {
    title: "Contact details",
    fields: [
      { name: "name", label: "Name", type: "text", required: true },
      { name: "email", label: "Email", type: "email", required: true },
      { name: "phone", label: "Phone", type: "tel", required: false },
    ],
  },
  text_input: { prompt: "Please enter a project name.", placeholder: "Project name" },
  confirm_action: { title: "Delete the old drafts?", message: "This cannot be undone. Do you want me to delete the old drafts?" },
  show_info_card: { variant: "info", title: "Billing", body: "The demo model shows this info card about billing." },
  suggest_options: {
    question: "Which of these do you want for the team offsite?",
    options: ["A workshop", "A team dinner", "A hike", "A boat trip"],
    multiple: true,
  },
  ask_preference: { question: "Which one do you prefer?", options: ["tea", "coffee", "water"] },
};
const expectedKey = (trigger: (typeof DEMO_TRIGGERS)[number]) =>
  trigger.tool === "glove_form_revise" ? `${trigger.tool} ${trigger.example.startsWith("undo") ? "undo" : "set"}` : trigger.tool;

describe("the offline demo model", () => {
  test("says in its first reply that it is the demo model and who can connect a real one, in people's words, and not again", async () => {
    const first = await demo().prompt(ask("hello"), () => {});
    expect(first.messages[0].text.startsWith(DEMO_INTRO)).toBe(true);
    expect(first.messages[0].text).toContain("An admin can connect a real model in Settings → Agent.");
    expect(first.messages[0].text).not.toMatch(/ANTHROPIC_API_KEY|docs\//);

    const later = await demo().prompt(ask("hello again", EARLIER), () => {});
    expect(later.messages[0].text).not.toContain(DEMO_INTRO);
  });

  test("streams its reply word by word", async () => {
    const { events, notify, text } = recordEvents();

    const result = await demo().prompt(ask("what can you do?", EARLIER), notify);

    const deltas = events.filter((event) => event.name === "text_delta").map((event) => (event.data as { text: string }).text);
    expect(deltas.length).toBe(result.messages[0].text.split(/\s+/).filter(Boolean).length);
    expect(deltas.every((delta) => delta.trim().split(/\s+/).length === 1)).toBe(true);
    expect(text()).toBe(result.messages[0].text);
    expect(events.at(-1)?.name).toBe("model_response_complete");
  });

  test("waits between words, so it feels like a model", async () => {
    const started = Date.now();
    await new DemoModel({ wordDelayMs: 5 }).prompt(ask("what can you do?", EARLIER), () => {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(20);
  });

  test("every trigger has a documented example that fires it (the form triggers while a form is open)", () => {
    expect(Object.keys(EXPECTED_INPUTS).sort()).toEqual(DEMO_TRIGGERS.map(expectedKey).sort());
    for (const trigger of DEMO_TRIGGERS) expect(findDemoTrigger(trigger.example, { formOpen: trigger.whenFormOpen })).toBe(trigger);
  });

  test.each(DEMO_TRIGGERS.map((trigger) => [trigger.tool, trigger.example, trigger]))("%s: %s", async (tool, example, trigger) => {
    const { events, notify } = recordEvents();

    const result = await demo().prompt(ask(example, EARLIER, { formOpen: trigger.whenFormOpen }), notify);

    const [call] = result.messages[0].tool_calls ?? [];
    expect(call).toMatchObject({ tool_name: tool, input_args: EXPECTED_INPUTS[expectedKey(trigger)] });
    expect(call.input_args).toEqual(EXPECTED_INPUTS[expectedKey(trigger)]);
    expect(call.id).toMatch(/^toolu_demo_[0-9a-f]{20}$/);
    expect(result.stop_reason).toBe("tool_use");
    expect(events.find((event) => event.name === "tool_use")?.data).toEqual({ id: call.id, name: tool, input: call.input_args });
  });

  test("ignores the runtime's bracketed notes after the user's words, and folds line breaks", async () => {
    const text =
      "ask finance to\napprove the Q3 budget\n\n[Reminder] These blocking inbox requests are still waiting. Please confirm nothing.";
    const result = await demo().prompt(ask(text, EARLIER), () => {});
    expect(result.messages[0].tool_calls?.[0]).toMatchObject({
      tool_name: "glove_post_to_inbox",
      input_args: EXPECTED_INPUTS.glove_post_to_inbox,
    });
  });

  test("a tool call in the first reply comes after the introduction", async () => {
    const result = await demo().prompt(ask("send an email to ada@example.com"), () => {});
    expect(result.messages[0].text).toContain(DEMO_INTRO);
    expect(result.messages[0].tool_calls?.[0].tool_name).toBe("send_email");
  });

  test("is deterministic: the same conversation gets the same reply, ids and usage", async () => {
    const runs = await Promise.all(
      [0, 1].map(async () => {
        const { events, notify } = recordEvents();
        const result = await demo().prompt(ask("help me choose between tea and coffee"), notify);
        return { result, events };
      }),
    );
    expect(runs[0]).toEqual(runs[1]);
  });

  test("says so when the tool a request needs is not enabled for the agent", async () => {
    const result = await demo().prompt({ messages: [...EARLIER, { sender: "user", text: "delete the old drafts" }], tools: [] }, () => {});
    expect(result.messages[0].tool_calls).toBeUndefined();
    expect(result.messages[0].text).toBe(NOT_ENABLED);
  });

  test("after tool results it writes a short summary: success, denial and the reason", async () => {
    const request = ask("send an email to ada@example.com", EARLIER);
    const first = await demo().prompt(request, () => {});
    const call = first.messages[0].tool_calls![0];
    const results = (result: Message["tool_results"]): PromptRequest => ({
      messages: [...request.messages, first.messages[0], { sender: "user", text: "", tool_results: result }],
      tools: ALL_DEMO_TOOLS,
    });

    const sent = await demo().prompt(
      results([
        { call_id: call.id, tool_name: "send_email", result: { status: "success", data: { sent: true }, renderData: RENDER_DATA_MARKER } },
      ]),
      () => {},
    );
    expect(sent.messages[0]).toEqual({ sender: "agent", text: "Done: the email to ada@example.com was sent." });
    expect(sent.stop_reason).toBe("end_turn");

    const denied = await demo().prompt(
      results([
        { call_id: call.id, tool_name: "send_email", result: { status: "error", data: null, message: "Permission denied: not now" } },
      ]),
      () => {},
    );
    expect(denied.messages[0].text).toBe("The email to ada@example.com was not sent: Permission denied: not now.");
  });

  test("reports the user's answer from a choice card", async () => {
    const request = ask("help me choose between tea and coffee", EARLIER);
    const first = await demo().prompt(request, () => {});
    const call = first.messages[0].tool_calls![0];

    const result = await demo().prompt(
      {
        messages: [
          ...request.messages,
          first.messages[0],
          {
            sender: "user",
            text: "",
            tool_results: [{ call_id: call.id, tool_name: "ask_preference", result: { status: "success", data: "tea" } }],
          },
        ],
        tools: ALL_DEMO_TOOLS,
      },
      () => {},
    );
    expect(result.messages[0].text).toBe("You chose tea.");
  });

  test("tool choice none (the step-limit call) gets a summary and no tool call, even for a trigger phrase", async () => {
    const result = await demo().prompt({ ...ask("delete the old drafts", EARLIER), toolChoice: "none" }, () => {});
    expect(result.messages[0].tool_calls).toBeUndefined();
    expect(result.messages[0].text.startsWith("Summary of the conversation so far.")).toBe(true);
  });

  test("answers a summary request (compaction) deterministically, without renderData", async () => {
    const messages: Message[] = [
      { sender: "user", text: "ask finance to approve the Q3 budget" },
      {
        sender: "agent",
        text: "I'll ask finance.",
        tool_calls: [
          { id: "c1", tool_name: "glove_post_to_inbox", input_args: { tag: "finance", request: "Approve the Q3 budget", blocking: true } },
        ],
      },
      {
        sender: "user",
        text: "",
        tool_results: [
          {
            call_id: "c1",
            tool_name: "glove_post_to_inbox",
            result: { status: "success", data: { id: "inbox-1" }, renderData: RENDER_DATA_MARKER },
          },
        ],
      },
    ];
    const request: PromptRequest = { messages, systemPrompt: "Summarize the conversation so far for context compaction." };

    const [a, b] = await Promise.all([demo().prompt(request, () => {}), demo().prompt(request, () => {})]);

    expect(a).toEqual(b);
    expect(a.messages[0].tool_calls).toBeUndefined();
    expect(a.messages[0].text).toBe(
      'Summary of the conversation so far. The user asked: "ask finance to approve the Q3 budget". ' +
        "Tool results: glove_post_to_inbox succeeded. Inbox requests: finance: Approve the Q3 budget.",
    );
    expect(JSON.stringify(a)).not.toContain(RENDER_DATA_MARKER);
  });

  test("a long answer streams many words, and an abort stops it where it is", async () => {
    const full = await demo().prompt(ask(DEMO_LONG_ANSWER.example, EARLIER), () => {});
    expect(full.messages[0].text.split(/\s+/).length).toBeGreaterThanOrEqual(600);

    const controller = new AbortController();
    const { notify, text } = recordEvents();
    let deltas = 0;
    const started = Date.now();
    const aborted = new DemoModel({ wordDelayMs: 10 }).prompt(
      ask(DEMO_LONG_ANSWER.example, EARLIER),
      (name, data) => {
        if (name === "text_delta" && ++deltas === 5) controller.abort();
        return notify(name, data);
      },
      controller.signal,
    );
    await expect(aborted).rejects.toMatchObject({ name: "ModelError", kind: "aborted" });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(text().split(/\s+/).filter(Boolean)).toHaveLength(5);
  });
});

test("code and a wide table: a fenced code block with its language, and a table of 13 columns", async () => {
  const reply = await demo().prompt(ask(DEMO_CODE_AND_TABLE.example, EARLIER), () => {});
  const text = reply.messages[0].text;
  expect(text).toContain("```ts\n" + DEMO_CODE_AND_TABLE.code + "\n```");
  expect(
    text
      .split("\n")
      .find((line) => line.startsWith("| Region"))
      ?.split(" | "),
  ).toHaveLength(13);
  expect(reply.messages[0].tool_calls).toBeUndefined();
});

describe("docs/models.md", () => {
  test("documents every demo trigger with its example and tool, in order", async () => {
    const { readFile } = await import("node:fs/promises");
    const docs = await readFile(new URL("../../../docs/models.md", import.meta.url), "utf8");
    const rows = DEMO_TRIGGERS.map(
      (trigger, index) => `| ${index + 1} | ${trigger.feature} | \`${trigger.example}\` | \`${trigger.tool}\` |`,
    );
    for (const row of rows) expect(docs).toContain(row);
    expect(docs).toContain(`\`${DEMO_LONG_ANSWER.example}\``);
    expect(docs).toContain(`\`${DEMO_CODE_AND_TABLE.example}\``);
  });
});
