import { describe, expect, it } from "vitest";
import { runErrorWords } from "@/lib/client/run-error-words";

describe("a failed run's banner, from the run as the server worded it for this reader", () => {
  it("shows the sentence, the detail behind Details and the settings link only when the server sent them", () => {
    expect(runErrorWords({ error: "Ask an admin.", code: "model_not_set_up" }, false)).toEqual({
      sentence: "Ask an admin.",
      detail: null,
      settingsLink: false,
    });
    expect(runErrorWords({ error: "Check Settings → Agent.", code: "model_not_set_up", detail: "The key was rejected." }, true)).toEqual({
      sentence: "Check Settings → Agent.",
      detail: "The key was rejected.",
      settingsLink: true,
    });
    expect(runErrorWords({ error: "Anthropic had an internal error.", code: "run_failed" }, true).settingsLink).toBe(false);
    expect(runErrorWords({ error: null }, false).sentence).toBe("Something went wrong while the agent worked.");
  });
});
