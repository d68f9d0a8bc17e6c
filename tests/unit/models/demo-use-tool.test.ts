import { describe, expect, test } from "vitest";
import type { ModelToolSpec, PromptRequest } from "@/lib/agent/model-adapter";
import { DemoModel } from "@/lib/models/demo-model";
import { DEMO_USE_TOOL, demoToolUse } from "@/lib/models/demo-use-tool";

const spec = (name: string): ModelToolSpec => ({ name, description: name, input_schema: { type: "object" } });
const TOOLS = [spec("crm__lookup_contact"), spec("crm__delete_contact"), spec("send_email")];
const demo = () => new DemoModel({ wordDelayMs: 0 });
const ask = (text: string, tools = TOOLS): PromptRequest => ({
  messages: [
    { sender: "user", text: "hello" },
    { sender: "agent", text: "Hi." },
    { id: "m1", sender: "user", text },
  ],
  tools,
});

describe('the demo model\'s "use <tool> {json input}"', () => {
  test("the documented example calls the connector tool with the JSON as its input", async () => {
    const reply = await demo().prompt(ask(DEMO_USE_TOOL.example), () => {});
    expect(reply.messages[0].tool_calls).toEqual([{ id: expect.any(String), tool_name: "crm__lookup_contact", input_args: { id: "42" } }]);
  });

  test("the tool part alone finds the one connector tool of that name; no JSON is an empty input", () => {
    expect(demoToolUse("use lookup_contact", TOOLS)).toEqual({ tool: "crm__lookup_contact", input: {} });
    expect(demoToolUse("use send_email {}", TOOLS)).toEqual({ tool: "send_email", input: {} });
  });

  test("comes before the fixed triggers: using a delete tool is no confirmation card", async () => {
    const reply = await demo().prompt(ask('use crm__delete_contact {"id": "7"}'), () => {});
    expect(reply.messages[0].tool_calls?.map((call) => call.tool_name)).toEqual(["crm__delete_contact"]);
  });

  test("says what is wrong: two connectors with the tool, a connector tool not switched on, input that is no JSON object", () => {
    const both = [...TOOLS, spec("hr__lookup_contact")];
    expect(demoToolUse("use lookup_contact", both)).toEqual({ reply: expect.stringContaining("crm__lookup_contact, hr__lookup_contact") });
    expect(demoToolUse("use crm__missing {}", TOOLS)).toEqual({ reply: "No tool called crm__missing is switched on for this agent." });
    expect(demoToolUse("use crm__lookup_contact id 42", TOOLS)).toEqual({ reply: expect.stringContaining("must be a JSON object") });
    expect(demoToolUse("use crm__lookup_contact [1]", TOOLS)).toEqual({ reply: expect.stringContaining("must be a JSON object") });
  });

  test("a plain word after use is left to the other triggers", async () => {
    expect(demoToolUse("use it to plan the launch", TOOLS)).toBeNull();
    const reply = await demo().prompt(ask("use nothing"), () => {});
    expect(reply.messages[0].text).toContain(DEMO_USE_TOOL.help);
  });

  test("after the result it says what the tool answered", async () => {
    const request = ask(DEMO_USE_TOOL.example);
    const first = await demo().prompt(request, () => {});
    const [toolCall] = first.messages[0].tool_calls!;
    const reply = await demo().prompt(
      {
        ...request,
        messages: [
          ...request.messages,
          first.messages[0],
          {
            sender: "user",
            text: "",
            tool_results: [
              { call_id: toolCall.id, tool_name: toolCall.tool_name, result: { status: "success", data: "Contact: Ada Lovelace" } },
            ],
          },
        ],
      },
      () => {},
    );
    expect(reply.messages[0].text).toBe("crm__lookup_contact answered: Contact: Ada Lovelace");
  });
});
