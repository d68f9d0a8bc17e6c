import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildField, defineForm, FormDefinitionError, FormRegistry, typeTextOf } from "@/lib/forms";
import { expenseClaim } from "./fixtures";

describe("defineForm and the registry", () => {
  it("builds steps, fields, checkpoints and migrations in declaration order", () => {
    const definition = expenseClaim().build();
    expect(definition.steps.map((s) => s.id)).toEqual(["who", "travel", "receipts", "confirm"]);
    expect(definition.steps[1].fields.map((f) => [f.id, f.stepId])).toEqual([
      ["mode", "travel"],
      ["distance", "travel"],
      ["amount", "travel"],
    ]);
    expect(definition.checkpoints[0].id).toBe("over-limit");
  });

  it("refuses field ids that clash after normalizing, naming both", () => {
    const form = defineForm({ id: "f", version: 1, name: "F", description: "" }).step("a", { title: "A" }, (s) =>
      s.field("fullName", { schema: z.string(), label: "A" }).field("full_name", { schema: z.string(), label: "B" }),
    );
    expect(() => form.build()).toThrow(FormDefinitionError);
    try {
      form.build();
    } catch (error) {
      expect((error as Error).message).toContain("full_name");
      expect((error as Error).message).toContain("fullName");
      expect((error as FormDefinitionError).problems[0].path).toBe("steps[0].fields[1].id");
    }
  });

  it("refuses duplicate step and checkpoint ids", () => {
    const steps = defineForm({ id: "f", version: 1, name: "F", description: "" }).step("a", { title: "A" }).step("a", { title: "B" });
    expect(() => steps.build()).toThrow(/Duplicate step id "a"/);
    const checkpoints = defineForm({ id: "f", version: 1, name: "F", description: "" })
      .step("a", { title: "A" })
      .checkpoint("c", { when: () => true })
      .checkpoint("c", { when: () => false });
    expect(() => checkpoints.build()).toThrow(/Duplicate checkpoint id "c"/);
  });

  it("validates definitions registered as built objects too", () => {
    const registry = new FormRegistry();
    const built = expenseClaim().build();
    const bad = { ...built, steps: [...built.steps, { ...built.steps[0], id: "who2" }] };
    expect(() => registry.register(bad)).toThrow(/Duplicate field id "fullName"/);
    expect(() => registry.register(built)).not.toThrow();
    expect(() => registry.register(built)).toThrow(/already registered/);
  });

  it("makes a field optional exactly when its schema accepts undefined", () => {
    expect(buildField("s", "a", { schema: z.string().optional(), label: "A" }).optional).toBe(true);
    expect(buildField("s", "a", { schema: z.string().default("x"), label: "A" }).optional).toBe(true);
    expect(buildField("s", "a", { schema: z.string().nullable(), label: "A" }).optional).toBe(false);
    expect(buildField("s", "a", { schema: z.string(), label: "A" }).optional).toBe(false);
  });
});

describe("type text and input from the schema", () => {
  it.each([
    [z.email(), "email address"],
    [z.string().email(), "email address"],
    [z.iso.date(), "date (YYYY-MM-DD)"],
    [z.enum(["car", "rail", "air"]), "one of: car | rail | air"],
    [z.int().min(1), "integer >= 1"],
    [z.number().int().min(1).optional(), "integer >= 1"],
    [z.number(), "number"],
    [z.string().min(2), "text (min 2 chars)"],
    [z.boolean(), "true or false"],
    [z.array(z.string()).min(1), "list of text (at least 1)"],
    [z.array(z.enum(["a", "b"])), "list of: a | b"],
    [z.url(), "URL"],
    [
      z
        .string()
        .regex(/^\+?[0-9 ]+$/)
        .describe("phone"),
      "phone number",
    ],
    [z.string().nullable().default("x"), "text"],
  ])("%# reads %s", (schema, text) => {
    expect(typeTextOf(schema)).toBe(text);
  });

  it("lets a given input drive phone and money", () => {
    expect(typeTextOf(z.string(), { type: "tel" })).toBe("phone number");
    expect(typeTextOf(z.number(), { type: "money", currency: "EUR" })).toBe("amount in EUR (number)");
  });

  it("derives the card input when the definition gives none", () => {
    expect(buildField("s", "a", { schema: z.enum(["x", "y"]), label: "A" }).input).toEqual({ type: "select", options: ["x", "y"] });
    expect(buildField("s", "a", { schema: z.int().min(1).max(9), label: "A" }).input).toEqual({ type: "integer", min: 1, max: 9 });
    expect(buildField("s", "a", { schema: z.email().optional(), label: "A" }).input).toEqual({ type: "email" });
    expect(buildField("s", "a", { schema: z.array(z.enum(["x"])), label: "A" }).input).toEqual({ type: "multiselect", options: ["x"] });
    expect(buildField("s", "a", { schema: z.boolean(), label: "A", input: { type: "text" } }).input).toEqual({ type: "text" });
  });
});
