import { describe, expect, it } from "vitest";
import { describeModelError } from "@/lib/models/model-error";
import { MODEL_NOT_SET_UP } from "@/lib/schemas/agent-settings";
import { MODEL_NOT_SET_UP_ADMIN } from "@/lib/schemas/run-error";
import { eventForReader, runViewForReader } from "@/lib/server/runs/run-error-view";

const stored = describeModelError("auth", "anthropic:claude-test", 401);
const member = { role: "member" as const };
const admin = { role: "admin" as const };

describe("a failed run's error, per reader", () => {
  it("run_failed: a member gets the sentence and the code, an admin the detail too; other events pass as they are", () => {
    const event = { seq: 9, type: "run_failed", data: { run_id: "r1", message: stored } };
    expect(eventForReader(event, member)).toEqual({
      seq: 9,
      type: "run_failed",
      data: { run_id: "r1", message: MODEL_NOT_SET_UP, code: "model_not_set_up" },
    });
    expect(eventForReader(event, { role: "owner" })).toEqual({
      seq: 9,
      type: "run_failed",
      data: { run_id: "r1", message: MODEL_NOT_SET_UP_ADMIN, code: "model_not_set_up", detail: stored },
    });
    const text = { seq: 3, type: "text_delta", data: { text: "API key" } };
    expect(eventForReader(text, member)).toBe(text);
  });

  it("the snapshot's run: worded the same way; a run without an error keeps null", () => {
    const run = { id: "r1", status: "failed" as const, error: stored };
    expect(runViewForReader(run, member)).toEqual({ id: "r1", status: "failed", error: MODEL_NOT_SET_UP, code: "model_not_set_up" });
    expect(runViewForReader(run, admin)).toEqual({
      id: "r1",
      status: "failed",
      error: MODEL_NOT_SET_UP_ADMIN,
      code: "model_not_set_up",
      detail: stored,
    });
    expect(runViewForReader({ id: "r2", status: "completed", error: null }, member)).toEqual({
      id: "r2",
      status: "completed",
      error: null,
    });
    expect(runViewForReader(null, admin)).toBeNull();
  });
});
