import { describe, expect, it } from "vitest";
import { MODEL_NOT_SET_UP_ADMIN, runErrorFor } from "@/lib/schemas/run-error";
import { MODEL_NOT_SET_UP } from "@/lib/schemas/agent-settings";
import { describeModelError } from "@/lib/models/model-error";

describe("a failed run in each reader's words", () => {
  const rejectedKey = describeModelError("auth", "anthropic:claude-test", 401);

  it("a member reads who can fix a model that is not set up, never the key, the variable or the settings' words", () => {
    expect(runErrorFor(rejectedKey, false)).toEqual({ message: MODEL_NOT_SET_UP, code: "model_not_set_up" });
    expect(runErrorFor(describeModelError("bad_request", "openai:gpt-x", 404), false).message).toBe(MODEL_NOT_SET_UP);
    expect(runErrorFor("Set ANTHROPIC_API_KEY on the server.", false)).toEqual({ message: MODEL_NOT_SET_UP, code: "model_not_set_up" });
  });

  it("an admin reads the same, with the technical sentence as the detail", () => {
    expect(runErrorFor(rejectedKey, true)).toEqual({ message: MODEL_NOT_SET_UP_ADMIN, code: "model_not_set_up", detail: rejectedKey });
  });

  it("a passing trouble reads as it is; a member's copy leaves out the advice only admins can follow", () => {
    const overloaded = describeModelError("overloaded", "anthropic:claude-test");
    expect(runErrorFor(overloaded, true)).toEqual({ message: overloaded, code: "model_unavailable" });
    expect(runErrorFor(overloaded, false)).toEqual({
      message: "Anthropic is overloaded right now. Try again in a few minutes; if it keeps happening, tell an admin.",
      code: "model_unavailable",
    });
    const server = describeModelError("server", "anthropic:claude-test");
    expect(runErrorFor(server, false)).toEqual({ message: server, code: "run_failed" });
    expect(runErrorFor(null, false).message).toBe("Something went wrong while the agent worked.");
  });
});
