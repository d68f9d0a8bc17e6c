import { describe, expect, it } from "vitest";
import { ForbiddenError } from "@/lib/agent/errors";
import { describeFormResult } from "@/lib/models/demo-form-sentences";
import { FORM_APPROVAL, FORM_CARD, FORM_CONFIRM, formApprovalProps, formConfirmProps, formWriteDataSchema } from "@/lib/tools/forms/shape";
import { admin, claim, formHarness, lastResult, person, toolResults } from "./harness";

const call = (name: string, input: unknown) => ({ toolCalls: [{ name, input }] });
const done = { text: "Done." };

describe("glove_form_start and glove_form_list", () => {
  it("start fills the answers given, pushes the live card and answers with labels", async () => {
    const { glove, store, views } = formHarness([
      call("glove_form_list", {}),
      call("glove_form_start", { form: "expense claim", values: { purpose: "Client visit", "Mode of travel": "car" } }),
      done,
    ]);
    await glove.processRequest("start the expense claim");
    const [list, start] = await toolResults(store);
    expect(list.result.data).toMatchObject({ forms: [{ id: "expense-claim", fields: 7 }, { id: "support-request" }], open: [] });
    const data = formWriteDataSchema.parse(start.result.data);
    expect(data).toMatchObject({ status: "open", stored: ["Purpose", "Mode of travel"], complete: false });
    expect(data.missing).toEqual(["Date of travel", "Distance (km)", "Total amount"]);
    expect(describeFormResult(data)).toBe("Noted: Purpose, Mode of travel. Still needed: Date of travel, Distance (km), Total amount.");
    const [card] = await store.listSlots();
    expect(card).toMatchObject({ renderer: FORM_CARD, kind: "forget", display_strategy: "hide-on-new" });
    expect(card.props).toMatchObject({ instanceId: data.instance_id, view: { formId: "expense-claim" } });
    expect(views.at(-1)!.version).toBe((card.props as { view: { version: number } }).view.version);
  });

  it("an unknown form is unknown_form with did_you_mean", async () => {
    const { glove, store } = formHarness([call("glove_form_start", { form: "expense clam" }), done]);
    await glove.processRequest("start it");
    const result = await lastResult(store);
    expect(result).toMatchObject({ status: "error", data: { code: "unknown_form", did_you_mean: ["expense-claim"] } });
  });
});

describe("the context note", () => {
  it("reaches every model call while a form is open, with its state at that moment", async () => {
    const { glove, model } = formHarness([
      call("glove_form_start", { form: "expense-claim" }),
      call("glove_form_fill", { values: { purpose: "Client visit", "date of travel": "2030-03-01" } }),
      done,
    ]);
    await glove.processRequest("start the expense claim");
    const notes = model.requests.map((request) => request.messages.at(-1));
    expect(notes[0]).not.toHaveProperty("is_context_note");
    expect(notes[1]).toEqual({
      sender: "user",
      is_context_note: true,
      text: '[form: expense-claim] step 1/4 "Claim" · pending: Purpose, Date of travel · later: Mode of travel, Total amount',
    });
    expect(notes[2]).toMatchObject({ is_context_note: true, text: expect.stringContaining('step 2/4 "Travel" · pending: Mode of travel') });
  });
});

describe("glove_form_fill", () => {
  it("keeps the valid answers, reports errors with hints and unknown keys with suggestions", async () => {
    const { glove, store } = formHarness([
      call("glove_form_start", { form: "expense-claim" }),
      call("glove_form_fill", {
        values: { purpose: "Visit", "mode of travel": "car", "distance (km)": "120", colour: "red", "total amont": 5 },
      }),
      done,
    ]);
    await glove.processRequest("fill it");
    const data = formWriteDataSchema.parse((await lastResult(store)).data);
    expect(data.stored).toEqual(["Purpose", "Mode of travel"]);
    expect(data.errors).toEqual([
      expect.objectContaining({ field: "distance_km", label: "Distance (km)", hint: expect.stringMatching(/JSON number/) }),
    ]);
    expect(data.unknown).toEqual([
      { field: "colour", did_you_mean: [] },
      { field: "total amont", did_you_mean: ["amount"] },
    ]);
  });

  it("without an open form is no_active_form; with two open, ambiguous_instance lists them", async () => {
    const { glove, store } = formHarness([
      call("glove_form_fill", { values: { purpose: "x" } }),
      call("glove_form_start", { form: "expense-claim" }),
      call("glove_form_start", { form: "support-request" }),
      call("glove_form_fill", { values: { purpose: "x" } }),
      call("glove_form_fill", { instance_id: "#inst-2", values: { email: "ada@example.com" } }),
      done,
    ]);
    await glove.processRequest("go");
    const results = (await toolResults(store)).map((r) => r.result as { status: string; data: Record<string, unknown> });
    expect(results[0]).toMatchObject({ status: "error", data: { code: "no_active_form" } });
    expect(results[3]).toMatchObject({
      status: "error",
      data: { code: "ambiguous_instance", instances: [{ form: "expense-claim" }, { form: "support-request" }] },
    });
    expect(results[4]).toMatchObject({ status: "success", data: { instance_id: "inst-2-0000", stored: ["Email"] } });
  });

  it("never overrides what the person typed unless told to (override: true)", async () => {
    const { glove, store, runner } = formHarness([
      call("glove_form_start", { form: "expense-claim" }),
      (): { text: string } => ({ text: "Started." }),
      call("glove_form_fill", { values: { purpose: "Agent's guess" } }),
      call("glove_form_fill", { values: { purpose: "As the person asked" }, override: true }),
      done,
    ]);
    await glove.processRequest("start");
    const [{ id }] = await runner.active();
    await runner.fill(id, { purpose: "Typed in the card" }, { by: person });
    await glove.processRequest("fill");
    const [, locked, overridden] = (await toolResults(store)).map((r) => r.result.data as Record<string, unknown>);
    expect(locked).toMatchObject({ stored: [], locked: [{ field: "purpose", label: "Purpose" }] });
    expect(describeFormResult(locked)).toContain("Left as the person set them: Purpose.");
    expect(overridden).toMatchObject({ stored: ["Purpose"], locked: [] });
    expect((await runner.history(id, { field: "purpose" })).map((h) => [h.by.kind, h.value])).toEqual([
      ["person", "Typed in the card"],
      ["agent", "As the person asked"],
    ]);
  });
});

describe("an approval checkpoint", () => {
  const overLimit = { ...claim, "total amount": 900 };

  async function blockedFill() {
    const h = formHarness([call("glove_form_start", { form: "expense-claim" }), call("glove_form_fill", { values: overLimit }), done]);
    await h.glove.processRequest("fill it");
    const [approval] = await h.store.listSlots({ status: "pending" });
    return { ...h, approval };
  }

  it("raises the form_approval card for admins; a member can neither answer nor decline it", async () => {
    const { glove, approval, runner } = await blockedFill();
    expect(approval).toMatchObject({ renderer: FORM_APPROVAL, tool_name: "glove_form_fill", kind: "wait" });
    const props = formApprovalProps.parse(approval.props);
    expect(props).toMatchObject({ approverRole: "admin", title: "Manager approval needed", formName: "Expense claim" });
    expect(props.values).toContainEqual({ id: "amount", label: "Total amount", display: "900" });
    expect((await runner.active())[0].status).toBe("awaiting");
    await expect(glove.resolveSlot(approval.id, { approved: true }, { answerer: { isAdmin: false } })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(glove.rejectSlot(approval.id, "no", { answerer: { isAdmin: false } })).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("re-executing the fill after the answer writes nothing twice and decides as the admin who answered", async () => {
    const { glove, approval, runner, adapter, store, model, views } = await blockedFill();
    const [{ id }] = await runner.active();
    const entriesBefore = (await adapter.load(id))!.entries.length;
    // The answer as the answer route stores it: the server adds who answered (lib/server/forms/card-answers.ts).
    await glove.resolveSlot(approval.id, { approved: true, note: "ok", by: admin }, { answerer: { isAdmin: true } });
    await glove.continueRun();
    expect((await adapter.load(id))!.entries.length).toBe(entriesBefore);
    expect(await lastResult(store)).toMatchObject({
      status: "success",
      data: { status: "completed", missing: [], approval: { approved: true } },
    });
    expect(views.at(-1)).toMatchObject({ status: "completed", awaiting: null });
    // Deciding again (another re-execution) changes nothing.
    const props = formApprovalProps.parse(approval.props);
    const version = (await runner.view(id)).version;
    await runner.resolveCheckpoint(id, props.key, { approved: true, by: admin });
    expect((await runner.view(id)).version).toBe(version);
    expect(model.requests.at(-1)!.messages.at(-1)).toMatchObject({
      is_context_note: true,
      text: expect.stringContaining("complete, ready to submit"),
    });
  });

  it("a declined approval terminates the form with the reason", async () => {
    const { glove, approval, runner, store } = await blockedFill();
    const [{ id }] = await runner.active();
    await glove.rejectSlot(approval.id, "Too expensive", { answerer: { isAdmin: true } });
    await glove.continueRun();
    expect(await lastResult(store)).toMatchObject({
      status: "success",
      data: { status: "terminated", approval: { approved: false, note: "Too expensive" } },
    });
    expect((await runner.view(id)).terminatedReason).toBe("Not approved by the approver: Too expensive");
  });

  it("a write while awaiting is blocked", async () => {
    const h = formHarness([
      call("glove_form_start", { form: "expense-claim", values: overLimit }),
      call("glove_form_fill", { values: { purpose: "Other" } }),
      done,
    ]);
    await h.glove.processRequest("go");
    // The start waits for its approval; the blocked write comes from another conversation turn on the same instance.
    const [{ id }] = await h.runner.active();
    await expect(h.runner.fill(id, { purpose: "Other" }, { by: person })).rejects.toMatchObject({ code: "blocked" });
  });
});

describe("glove_form_submit", () => {
  async function confirmCard(extra: Record<string, unknown>[] = []) {
    const h = formHarness([
      call("glove_form_start", { form: "expense-claim", values: claim }),
      call("glove_form_submit", {}),
      ...extra.map(() => done),
      done,
    ]);
    await h.glove.processRequest("submit the form");
    const [confirm] = await h.store.listSlots({ status: "pending" });
    return { ...h, confirm, props: formConfirmProps.parse(confirm.props) };
  }

  it("shows exactly what will be stored; the confirmed version is submitted", async () => {
    const { glove, confirm, props, adapter, store, views } = await confirmCard();
    expect(confirm).toMatchObject({ renderer: FORM_CONFIRM, kind: "wait" });
    expect(props.values).toEqual([
      { id: "purpose", label: "Purpose", display: "Client visit" },
      { id: "travel_date", label: "Date of travel", display: "2030-03-01" },
      { id: "mode", label: "Mode of travel", display: "rail" },
      { id: "ticket_cost", label: "Ticket cost", display: "80" },
      { id: "amount", label: "Total amount", display: "120" },
    ]);
    // The answer as the answer route stores it: the server adds the card's version and who confirmed.
    await glove.resolveSlot(confirm.id, { confirm: true, version: props.version, by: person });
    await glove.continueRun();
    expect(await lastResult(store)).toMatchObject({ status: "success", data: { status: "submitted" } });
    const [submission] = adapter.submissions();
    expect(submission.by).toMatchObject({ kind: "person", id: "user-1" });
    expect(Object.fromEntries(props.values.map((row) => [row.id, String(submission.values[row.id])]))).toEqual(
      Object.fromEntries(props.values.map((row) => [row.id, row.display])),
    );
    expect(views.length).toBeGreaterThan(0);
  });

  it("a change between showing the card and confirming stores nothing, and the tool says so", async () => {
    const { glove, confirm, props, runner, adapter, store } = await confirmCard();
    await runner.fill(props.instanceId, { purpose: "Changed in the card" }, { by: person });
    await glove.resolveSlot(confirm.id, { confirm: true, version: props.version, by: person });
    await glove.continueRun();
    expect(adapter.submissions()).toEqual([]);
    expect(await lastResult(store)).toMatchObject({
      status: "error",
      data: { code: "stale" },
      message: expect.stringContaining("glove_form_submit again"),
    });
  });

  it("declining stores nothing; an incomplete form is refused before any card", async () => {
    const { glove, confirm, adapter, store } = await confirmCard();
    await glove.rejectSlot(confirm.id, "Not yet");
    await glove.continueRun();
    expect(adapter.submissions()).toEqual([]);
    expect(await lastResult(store)).toMatchObject({ status: "error", data: { code: "declined" } });

    const h = formHarness([call("glove_form_start", { form: "expense-claim" }), call("glove_form_submit", {}), done]);
    await h.glove.processRequest("submit");
    expect(await lastResult(h.store)).toMatchObject({
      status: "error",
      data: { code: "incomplete", missing: expect.arrayContaining(["Purpose"]) },
    });
    expect(await h.store.listSlots({ status: "pending" })).toEqual([]);
  });
});

describe("status, inspect, revise, history, abandon", () => {
  it("each answers from the open form", async () => {
    const { glove, store } = formHarness([
      call("glove_form_start", { form: "expense-claim", values: { purpose: "Visit", "mode of travel": "car" } }),
      call("glove_form_status", {}),
      call("glove_form_inspect", { field: "mode of travel" }),
      call("glove_form_inspect", {}),
      call("glove_form_revise", { field: "mode of travel", action: "set", value: "rail" }),
      call("glove_form_revise", { field: "mode of travel", action: "undo" }),
      call("glove_form_revise", { field: "purpose", action: "redo" }),
      call("glove_form_history", { field: "mode" }),
      call("glove_form_abandon", { reason: "No longer needed" }),
      call("glove_form_status", {}),
      done,
    ]);
    await glove.processRequest("go");
    const r = (await toolResults(store)).map((x) => x.result as { status: string; data: Record<string, unknown> });
    expect(r[1].data).toMatchObject({
      status: "open",
      complete: false,
      progress: { steps: 4 },
      missing: expect.arrayContaining(["Date of travel"]),
    });
    expect(r[2]).toMatchObject({ status: "success" });
    expect(r[3].data).toMatchObject({ steps: expect.arrayContaining([expect.objectContaining({ id: "travel" })]) });
    expect(r[4].data).toMatchObject({ stored: ["Mode of travel"] });
    expect(r[5]).toMatchObject({ status: "success" });
    expect(r[6]).toMatchObject({ status: "error", data: { code: "nothing_to_redo" } });
    expect((r[7].data.entries as { op: string; value?: unknown }[]).map((e) => [e.op, e.value ?? null])).toEqual([
      ["set", "car"],
      ["set", "rail"],
      ["undo", null],
    ]);
    expect(r[8].data).toMatchObject({ status: "abandoned" });
    expect(r[9]).toMatchObject({ status: "error", data: { code: "no_active_form" } });
  });
});
