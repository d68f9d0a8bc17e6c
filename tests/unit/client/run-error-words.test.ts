import { describe, expect, it } from "vitest";
import { MODEL_NOT_SET_UP_ADMIN, runErrorWords } from "@/lib/client/run-error-words";
import { MODEL_NOT_SET_UP } from "@/lib/schemas/agent-settings";
import { describeModelError } from "@/lib/models/model-error";

describe("a failed run in people's words", () => {
  const rejectedKey = describeModelError("auth", "anthropic:claude-test", 401);

  it("a member reads who can fix a model that is not set up, never the key or the settings' words", () => {
    expect(runErrorWords(rejectedKey, false)).toEqual({ sentence: MODEL_NOT_SET_UP, detail: null });
    expect(runErrorWords(describeModelError("bad_request", "openai:gpt-x", 404), false).sentence).toBe(MODEL_NOT_SET_UP);
  });

  it("an admin reads the same, with the technical sentence as the detail", () => {
    expect(runErrorWords(rejectedKey, true)).toEqual({ sentence: MODEL_NOT_SET_UP_ADMIN, detail: rejectedKey });
  });

  it("a passing trouble reads as it is; a member's copy leaves out the advice only admins can follow", () => {
    const overloaded = describeModelError("overloaded", "anthropic:claude-test");
    expect(runErrorWords(overloaded, true)).toEqual({ sentence: overloaded, detail: null });
    expect(runErrorWords(overloaded, false).sentence).toBe(
      "Anthropic is overloaded right now. Try again in a few minutes; if it keeps happening, tell an admin.",
    );
    const server = describeModelError("server", "anthropic:claude-test");
    expect(runErrorWords(server, false).sentence).toBe(server);
    expect(runErrorWords(null, false).sentence).toBe("Something went wrong while the agent worked.");
  });
});
