import { describe, expect, it } from "vitest";
import { describeValue } from "@/components/renderers/describe-value";
import { describePermission } from "@/components/renderers/permission-request";
import { answerFailure } from "@/components/renderers/use-card-answer";
import { ApiError } from "@/lib/client/api";
import { slot } from "./fixtures";

describe("what a failed answer tells the person", () => {
  it("409: someone else answered first, and what they answered", () => {
    const theirs = slot({ id: "s1", call_id: "c1", status: "resolved", value: { decision: "deny", reason: "Not today" } });
    const error = new ApiError(409, "conflict", "This card was already answered differently.", [], { slot: theirs });
    expect(answerFailure(error, describePermission)).toBe("Someone else answered this card first: Denied: Not today.");
    expect(answerFailure(new ApiError(409, "conflict", "x"), describeValue)).toMatch(/Their answer is shown in the card/);
  });

  it("422, 404 and network failures say what to do next", () => {
    expect(answerFailure(new ApiError(422, "validation_failed", "Fix these fields: choice: Choose one of: a, b."), describeValue)).toMatch(
      /Change your answer and send it again\.$/,
    );
    expect(answerFailure(new ApiError(404, "not_found", "gone"), describeValue)).toMatch(/Reload the page/);
    expect(
      answerFailure(new ApiError(0, "network", "Could not reach Handoff. Check your connection and try again."), describeValue),
    ).toMatch(/Check your connection/);
    expect(answerFailure(new Error("boom"), describeValue)).toBe("Your answer was not sent. Try again.");
  });

  it("permission answers in words", () => {
    expect(describePermission({ decision: "allow_once" })).toBe("Allowed once");
    expect(describePermission({ decision: "allow_tool_always", editedInput: { to: "x" } })).toBe(
      "Always allowed for this tool (input edited)",
    );
    expect(describeValue({ values: { name: "Ada", email: "a@b.c" } })).toBe("Name: Ada; Email: a@b.c");
  });
});
