// An HTTP tool's input schema is the form builder's field compiler: the model's JSON schema and the
// validation of each call come from it.
import { describe, expect, it } from "vitest";
import { toolSpec, validateToolInput, type GloveTool } from "@/lib/agent/tool";
import { storedFieldSchema } from "@/lib/forms/stored-form";
import { httpGloveTool } from "@/lib/server/http-tools/agent-tools";
import type { StoredHttpTool } from "@/lib/server/http-tools/stored-tool";

const fields = [
  { id: "order_id", label: "Order id", type: "text", hint: "As printed on the invoice" },
  { id: "amount", label: "Amount", type: "money", currency: "EUR" },
  { id: "priority", label: "Priority", type: "one_of", options: ["low", "high"], required: false },
].map((field) => storedFieldSchema.parse(field));

const tool: StoredHttpTool = {
  id: "t1",
  name: "refund_order",
  description: "Refunds an order.",
  fields,
  method: "POST",
  urlTemplate: "https://api.example.com/refunds",
  headers: {},
  bodyTemplate: null,
  timeoutMs: 10_000,
  requiresPermission: true,
  enabled: true,
};

describe("an HTTP tool as the agent's tool", () => {
  const glove = httpGloveTool({ organizationId: "org" }, tool) as GloveTool;

  it("offers the model the compiled fields as its JSON schema", () => {
    const schema = toolSpec(glove).input_schema as {
      properties: Record<string, { description?: string; enum?: string[] }>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(["order_id", "amount", "priority"]);
    expect(schema.required).toEqual(["order_id", "amount"]);
    expect(schema.properties.order_id.description).toBe("Order id. As printed on the invoice");
    expect(schema.properties.priority.enum).toEqual(["low", "high"]);
  });

  it("validates a call with the same schema", () => {
    expect(validateToolInput(glove, { order_id: "A-1", amount: 12.5 })).toMatchObject({ ok: true });
    const bad = validateToolInput(glove, { order_id: "", amount: 1.234, priority: "urgent" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((issue) => issue.path).sort()).toEqual(["amount", "order_id", "priority"]);
  });

  it("asks permission as the row says (the approval card by default)", () => {
    expect(glove.requiresPermission).toBe(true);
    expect(httpGloveTool({ organizationId: "org" }, { ...tool, requiresPermission: false }).requiresPermission).toBe(false);
  });
});
