import { describe, expect, it } from "vitest";
import { ApiError, networkError } from "@/lib/client/api";
import { editFailure } from "@/lib/client/forms/edit-failure";

describe("why an edit in the form card was not saved", () => {
  it("says the form's state and what to do on the route's 409s", () => {
    expect(editFailure(new ApiError(409, "blocked", "Awaiting approval."))).toMatch(
      /waiting for an approval.*once the approval is decided/,
    );
    expect(editFailure(new ApiError(409, "closed", "Closed."))).toMatch(/closed.*start a new one/);
  });

  it("names a gone form, a too long answer and a lost connection", () => {
    expect(editFailure(new ApiError(404, "not_found", "Not found."))).toMatch(/Reload the page/);
    expect(editFailure(new ApiError(413, "too_large", "Too large."))).toMatch(/Shorten it/);
    expect(editFailure(networkError())).toMatch(/Check your connection/);
    expect(editFailure(new Error("boom"))).toBe("Your change was not saved. Try again.");
  });
});
