import { describe, expect, it } from "vitest";
import { FormBlockedError, formViewSchema } from "@/lib/forms";
import { agent, person, receipts, setup, travel, who } from "./fixtures";

describe("fill", () => {
  it("takes fields of any step at once, keeps the valid ones and reports each failure with a hint", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    const report = await runner.fill(instanceId, { fullName: "Ada", email: "nope", amount: "12", receipts: ["r"] }, { by: agent });
    expect(report.stored).toEqual(["fullName", "receipts"]);
    expect(report.errors.map((e) => e.field)).toEqual(["email", "amount"]);
    expect(report.errors[0].hint).toBe("Expected email address.");
    expect(report.errors[1].hint).toMatch(/Send a JSON number, e\.g\. 12/);
    expect((await runner.view(instanceId)).steps[2].fields[0].value).toEqual(["r"]);
  });

  it("refuses an answer longer than MAX_ANSWER_TEXT before its schema (and any pattern) runs", async () => {
    const { z } = await import("zod");
    const { defineForm, MAX_ANSWER_TEXT } = await import("@/lib/forms");
    let patternRuns = 0;
    const form = defineForm({ id: "t", version: 1, name: "T", description: "" }).step("s", { title: "S" }, (s) =>
      s.field("code", { schema: z.string().refine(() => ++patternRuns > 0), label: "Code" }),
    );
    const { runner } = setup([form]);
    const { instanceId } = await runner.start("t", { by: agent });
    const report = await runner.fill(instanceId, { code: "a".repeat(MAX_ANSWER_TEXT + 1) }, { by: agent });
    expect(report.errors).toEqual([expect.objectContaining({ field: "code", message: expect.stringContaining("at most 10000") })]);
    expect(patternRuns).toBe(0);
    expect((await runner.fill(instanceId, { code: "a".repeat(MAX_ANSWER_TEXT) }, { by: agent })).stored).toEqual(["code"]);
  });

  it("hints a boolean sent as a string", async () => {
    const { z } = await import("zod");
    const { defineForm } = await import("@/lib/forms");
    const form = defineForm({ id: "b", version: 1, name: "B", description: "" }).step("s", { title: "S" }, (s) =>
      s.field("ok", { schema: z.boolean(), label: "OK" }),
    );
    const { runner } = setup([form]);
    const { instanceId } = await runner.start("b", { by: agent });
    const report = await runner.fill(instanceId, { ok: "yes" }, { by: agent });
    expect(report.errors[0].hint).toMatch(/JSON boolean/);
  });

  it("reports unknown ids with close suggestions and stores nothing for them", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    const report = await runner.fill(instanceId, { fulname: "Ada Lovelace", zzzzzz: 1 }, { by: agent });
    expect(report.unknown).toEqual([
      { field: "fulname", did_you_mean: ["fullName"] },
      { field: "zzzzzz", did_you_mean: [] },
    ]);
    expect(await runner.history(instanceId)).toEqual([]);
  });

  it.each(["full_name", "Full name", "fullName", "FULL-NAME"])("resolves the loose id %s", async (id) => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    expect((await runner.fill(instanceId, { [id]: "Ada Lovelace" }, { by: agent })).stored).toEqual(["fullName"]);
  });

  it("resolves the start of exactly one name ('distance' for 'Distance (km)'), and asks when it starts two", async () => {
    const { z } = await import("zod");
    const { defineForm } = await import("@/lib/forms");
    const form = defineForm({ id: "trip", version: 1, name: "Trip", description: "" }).step("s", { title: "S" }, (s) =>
      s
        .field("distance_km", { schema: z.number(), label: "Distance (km)" })
        .field("amount_paid", { schema: z.number(), label: "Amount paid" })
        .field("amount_due", { schema: z.number(), label: "Amount due" }),
    );
    const { runner } = setup([form]);
    const { instanceId } = await runner.start("trip", { by: agent });
    const report = await runner.fill(instanceId, { distance: 80, amount: 5 }, { by: agent });
    expect(report.stored).toEqual(["distance_km"]);
    expect(report.unknown).toEqual([{ field: "amount", did_you_mean: expect.arrayContaining(["amount_paid", "amount_due"]) }]);
  });

  it("resolves form ids loosely in start and suggests close ones", async () => {
    const { runner } = setup();
    expect((await runner.start("expense claim", { by: agent })).view.formId).toBe("expense-claim");
    await expect(runner.start("expens-claims", { by: agent })).rejects.toMatchObject({
      code: "unknown_form",
      data: { did_you_mean: ["expense-claim"] },
    });
  });

  it("holds answers whose condition is closed and makes them live when it opens", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: { ...who, ...travel, ...receipts } });
    const held = await runner.fill(instanceId, { distance: 40 }, { by: agent });
    expect(held.held).toEqual(["distance"]);
    expect(held.complete).toBe(true);
    const field = held.view.steps[1].fields[1];
    expect(field).toMatchObject({ id: "distance", applicable: false, held: true, value: 40 });
    const opened = await runner.fill(instanceId, { mode: "car" }, { by: agent });
    expect(opened.view.steps[1].fields[1]).toMatchObject({ applicable: true, value: 40 });
    expect(opened.view.steps[1].fields[1].held).toBeUndefined();
    expect((await runner.submission(instanceId)).values.distance).toBe(40);
  });

  it("counts only applicable required fields towards completion", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: { ...who, mode: "car", amount: 10, ...receipts } });
    expect((await runner.view(instanceId)).missing).toEqual(["Distance"]);
    const rail = await runner.fill(instanceId, { mode: "rail" }, { by: agent });
    expect(rail).toMatchObject({ complete: true, status: "completed" });
  });

  it("keeps a completed form revisable until it is submitted", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: { ...who, ...travel, ...receipts } });
    const reopened = await runner.revise(instanceId, { field: "email", action: "retract" }, { by: agent });
    expect(reopened.status).toBe("open");
    expect((await runner.fill(instanceId, { email: "a@b.co" }, { by: agent })).status).toBe("completed");
  });

  it("builds a view that parses with formViewSchema", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: { ...who, mode: "rail", distance: 3 } });
    const view = await runner.view(instanceId);
    expect(formViewSchema.parse(view)).toEqual(view);
    expect(view.steps.map((s) => s.state)).toEqual(["done", "current", "pending", "pending"]);
  });

  it("lets the person win over later agent guesses unless override", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    await runner.fill(instanceId, { email: "ada@home.org" }, { by: person });
    const refused = await runner.fill(instanceId, { email: "ada@work.org", fullName: "Ada Lovelace" }, { by: agent });
    expect(refused.locked.map((l) => l.field)).toEqual(["email"]);
    expect(refused.locked[0].message).toMatch(/given by Ada/);
    expect(refused.stored).toEqual(["fullName"]);
    expect((await runner.view(instanceId)).steps[0].fields[1].value).toBe("ada@home.org");
    const same = await runner.fill(instanceId, { email: "ada@home.org" }, { by: agent });
    expect(same.locked).toEqual([]);
    const forced = await runner.fill(instanceId, { email: "ada@work.org" }, { by: agent, override: true });
    expect(forced.stored).toEqual(["email"]);
    expect(forced.view.steps[0].fields[1]).toMatchObject({ value: "ada@work.org", by: "agent" });
  });

  it("refuses writes while a blocking checkpoint waits", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: { amount: 5000 } });
    await expect(runner.fill(instanceId, { fullName: "Ada L" }, { by: agent })).rejects.toBeInstanceOf(FormBlockedError);
  });
});
