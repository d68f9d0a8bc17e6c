// The offline demo model and conversational forms: each sentence family, the context note, and the
// replies it words from the form tools' results.
import { describe, expect, test } from "vitest";
import type { Message, ToolResultPayload } from "@/lib/agent/messages";
import type { ModelToolSpec, PromptRequest } from "@/lib/agent/model-adapter";
import { DemoModel, NOT_ENABLED } from "@/lib/models/demo-model";
import { demoFormValue, demoFormValues } from "@/lib/models/demo-form-sentences";
import { DEMO_FORM_TOOLS } from "@/lib/models/demo-triggers";

const FORM_TOOLS: ModelToolSpec[] = [
  ...Object.values(DEMO_FORM_TOOLS),
  "glove_form_list",
  "glove_form_inspect",
  "glove_form_history",
  "send_email",
  "approve_plan",
].map((name) => ({ name, description: name, input_schema: { type: "object" } }));

const EARLIER: Message[] = [
  { sender: "user", text: "hello" },
  { sender: "agent", text: "Hi." },
];
const NOTE: Message = {
  sender: "user",
  text: '[form: expense-claim] step 2/4 "Travel" · pending: Mode of travel · later: Total amount',
  is_context_note: true,
};

const demo = () => new DemoModel({ wordDelayMs: 0 });

function request(text: string, options: { formOpen?: boolean; tools?: ModelToolSpec[] } = {}): PromptRequest {
  return {
    messages: [...EARLIER, { id: "u1", sender: "user", text }, ...(options.formOpen === false ? [] : [NOTE])],
    tools: options.tools ?? FORM_TOOLS,
  };
}

async function callFor(text: string, options: { formOpen?: boolean; tools?: ModelToolSpec[] } = {}) {
  const result = await demo().prompt(request(text, options), () => {});
  return { call: result.messages[0].tool_calls?.[0], text: result.messages[0].text };
}

describe("starting a form", () => {
  test.each([
    ["start the expense claim", { form: "expense claim" }],
    ["I want to file an expense claim", { form: "expense claim" }],
    ["please open the expense claim form.", { form: "expense claim" }],
    ["start the support request, my name is Ada", { form: "support request", values: { name: "Ada" } }],
    [
      "start the support request with the product is Web app and the severity is 2",
      { form: "support request", values: { product: "Web app", severity: 2 } },
    ],
  ])("%s", async (text, input) => {
    const { call } = await callFor(text, { formOpen: false });
    expect(call).toMatchObject({ tool_name: "glove_form_start" });
    expect(call?.input_args).toEqual(input);
  });

  test("a sentence that only mentions a file, or starts a task list, starts no form", async () => {
    expect((await callFor("the file is report.pdf", { formOpen: false })).call).toBeUndefined();
    expect((await callFor("start a task list for the launch", { formOpen: false })).call?.tool_name).not.toBe("glove_form_start");
  });

  test("without the form tools it says they are not enabled", async () => {
    const { call, text } = await callFor("start the expense claim", { formOpen: false, tools: [] });
    expect(call).toBeUndefined();
    expect(text).toBe(NOT_ENABLED);
  });
});

describe("filling the open form", () => {
  test.each([
    ["my name is Ada Lovelace", { name: "Ada Lovelace" }],
    ["the mode of travel was car, distance (km): 120", { "mode of travel": "car", "distance (km)": 120 }],
    ["the amount is 612.50; billable is yes and receipts: no", { amount: 612.5, billable: true, receipts: false }],
    ['my product is "Web app" and the summary is it crashes on login', { product: "Web app", summary: "it crashes on login" }],
    ["the team is Research and Development, my email is ada@example.com.", { team: "Research and Development", email: "ada@example.com" }],
    ["the total is 1,200", { total: "1,200" }],
  ])("%s", async (text, values) => {
    const { call } = await callFor(text);
    expect(call).toMatchObject({ tool_name: "glove_form_fill" });
    expect(call?.input_args).toEqual({ values });
  });

  test("'X is Y' means nothing when no form is open", async () => {
    expect((await callFor("the mode of travel is car", { formOpen: false })).call).toBeUndefined();
  });

  test("remarks are no answers", async () => {
    expect((await callFor("it is fine")).call).toBeUndefined();
    expect(demoFormValues("that is all")).toEqual({});
  });

  test("values: numbers, yes/no, quotes, trimmed text", () => {
    expect(demoFormValue(" 120 ")).toBe(120);
    expect(demoFormValue("-3.5")).toBe(-3.5);
    expect(demoFormValue("Yes")).toBe(true);
    expect(demoFormValue("no.")).toBe(false);
    expect(demoFormValue("'rail'")).toBe("rail");
    expect(demoFormValue("12 km")).toBe("12 km");
  });
});

describe("corrections, undo, submit, abandon, status", () => {
  test.each([
    ["actually the mode of travel is rail", { field: "mode of travel", action: "set", value: "rail" }],
    ["Actually, my email is ada@example.org", { field: "email", action: "set", value: "ada@example.org" }],
    ["change the distance to 95", { field: "distance", action: "set", value: 95 }],
    ["correction: total amount is 80", { field: "total amount", action: "set", value: 80 }],
    ["undo the last change to the mode of travel", { field: "mode of travel", action: "undo" }],
    ["undo the distance", { field: "distance", action: "undo" }],
    ["redo mode of travel", { field: "mode of travel", action: "redo" }],
  ])("%s", async (text, input) => {
    const { call } = await callFor(text);
    expect(call).toMatchObject({ tool_name: "glove_form_revise" });
    expect(call?.input_args).toEqual(input);
  });

  test.each([
    ["submit the form", "glove_form_submit"],
    ["submit it", "glove_form_submit"],
    ["ok, send it", "glove_form_submit"],
    ["submit the expense claim form", "glove_form_submit"],
    ["cancel the form", "glove_form_abandon"],
    ["what is left?", "glove_form_status"],
    ["form status", "glove_form_status"],
    ["what's still missing", "glove_form_status"],
  ])("%s → %s {}", async (text, tool) => {
    const { call } = await callFor(text);
    expect(call).toMatchObject({ tool_name: tool, input_args: {} });
  });

  test("other requests still reach their own tools while a form is open", async () => {
    expect((await callFor("send an email to ada@example.com")).call?.tool_name).toBe("send_email");
  });
});

describe("the context note", () => {
  test("is never taken for the person's words", async () => {
    // Only the note after an agent reply: no request of the person's to act on, no form tool call.
    const result = await demo().prompt({ messages: [...EARLIER, NOTE], tools: FORM_TOOLS }, () => {});
    expect(result.messages[0].tool_calls).toBeUndefined();
    expect(result.messages[0].text).not.toContain("[form:");
  });

  test("does not change the reply: the same sentence with and without a note gets the same call and id", async () => {
    const withNote = await callFor("send an email to ada@example.com");
    const without = await callFor("send an email to ada@example.com", { formOpen: false });
    expect(withNote.call).toEqual(without.call);
  });
});

describe("replies after a form tool's result", () => {
  async function replyTo(text: string, result: ToolResultPayload) {
    const first = await demo().prompt(request(text), () => {});
    const call = first.messages[0].tool_calls![0];
    const answered = await demo().prompt(
      {
        messages: [
          ...request(text).messages.filter((m) => !m.is_context_note),
          first.messages[0],
          { sender: "user", text: "", tool_results: [{ call_id: call.id, tool_name: call.tool_name, result }] },
          NOTE,
        ],
        tools: FORM_TOOLS,
      },
      () => {},
    );
    expect(answered.messages[0].tool_calls).toBeUndefined();
    return answered.messages[0].text;
  }

  test("fill: what was noted and what is still needed, by label", async () => {
    const text = await replyTo("the mode of travel is car and distance (km): 120", {
      status: "success",
      data: {
        stored: ["Mode of travel", { field: "distance", label: "Distance (km)" }],
        missing: ["Total amount"],
        complete: false,
        status: "open",
      },
    });
    expect(text).toBe("Noted: Mode of travel, Distance (km). Still needed: Total amount.");
  });

  test("fill: errors with their messages, unknown keys with did_you_mean, held and locked fields", async () => {
    const text = await replyTo("the amount is lots and colour: red", {
      status: "success",
      data: {
        errors: [{ field: "amount", label: "Total amount", message: "Expected a number", hint: "send a JSON number" }],
        unknown: [{ key: "colour", did_you_mean: ["mode", "email"] }],
        held: [{ label: "Fuel receipts" }],
        locked: ["Email"],
        missing: ["Total amount"],
      },
    });
    expect(text).toBe(
      "Kept for later, once it applies: Fuel receipts. Not accepted: Total amount: Expected a number. " +
        'The form has no field "colour" (did you mean mode or email?). Left as the person set them: Email. Still needed: Total amount.',
    );
  });

  test("complete: says how to send it; tolerates a result without the usual keys", async () => {
    expect(await replyTo("my name is Ada", { status: "success", data: { stored: ["Full name"], complete: true } })).toBe(
      "Noted: Full name. The form is complete — say 'submit the form' to send it.",
    );
    expect(await replyTo("my name is Ada", { status: "success", data: null })).toBe("The form is up to date.");
  });

  test("start, revise, submit, abandon and status each answer in their words", async () => {
    expect(await replyTo("start the expense claim", { status: "success", data: { missing: ["Full name", "Email"] } })).toBe(
      "The expense claim is open. Still needed: Full name, Email.",
    );
    expect(await replyTo("actually the mode of travel is rail", { status: "success", data: { stored: ["Mode of travel"] } })).toBe(
      "Changed mode of travel. Noted: Mode of travel.",
    );
    expect(await replyTo("undo the distance", { status: "success", data: { missing: ["Distance (km)"] } })).toBe(
      "Undone: distance. Still needed: Distance (km).",
    );
    expect(await replyTo("submit the form", { status: "success", data: { status: "submitted" } })).toBe("The form was submitted.");
    expect(await replyTo("cancel the form", { status: "success", data: { status: "abandoned" } })).toBe(
      "The form is cancelled; nothing was submitted.",
    );
    expect(await replyTo("what is left", { status: "success", data: { missing: ["Total amount"] } })).toBe("Still needed: Total amount.");
  });

  test("an error result says why and offers did_you_mean", async () => {
    const text = await replyTo("start the expens claim", {
      status: "error",
      message: 'No form matches "expens claim"',
      data: { code: "unknown_form", did_you_mean: ["expense-claim"] },
    });
    expect(text).toBe('The expens claim could not be started: No form matches "expens claim". Did you mean expense-claim?');
  });
});
