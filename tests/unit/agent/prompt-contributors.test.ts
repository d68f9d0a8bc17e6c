import { describe, expect, it } from "vitest";
import {
  composeSystemPrompt,
  dateContributor,
  organizationContributor,
  personContributor,
  toolsContributor,
  type PromptContext,
} from "@/lib/agent/prompt-contributors";
import { defineTool, success } from "@/lib/agent/tool";
import { echoTool, makeAgent } from "./helpers";

const now = new Date("2030-03-04T23:30:00.000Z");
const context = (extra: Partial<PromptContext> = {}): PromptContext => ({ tools: [], now, ...extra });
const lookup = async (userId: string) => (userId === "u-ada" ? { name: "Ada Lovelace", role: "admin" } : null);

describe("prompt contributors", () => {
  it("tools: one line per enabled tool, its first sentence; none without tools", async () => {
    const search = defineTool({ name: "search", description: "Searches the docs.  Returns  ten hits.", do: async () => success(null) });
    expect(await toolsContributor(context({ tools: [echoTool, search] }))).toBe(
      "Tools you can use:\n- echo: Echoes its text.\n- search: Searches the docs.",
    );
    expect(await toolsContributor(context())).toBeNull();
  });

  it("date: ISO date and weekday in the organization's time zone", async () => {
    expect(await dateContributor()(context())).toBe("Today is Monday, 2030-03-04 (UTC).");
    expect(await dateContributor("Asia/Tokyo")(context())).toBe("Today is Tuesday, 2030-03-05 (Asia/Tokyo).");
  });

  it("organization: by name, nothing when unknown", async () => {
    expect(await organizationContributor(async () => "Acme")(context())).toBe('You work for the organization "Acme".');
    expect(await organizationContributor(async () => null)(context())).toBeNull();
  });

  it("person: the run's starter, name and role; nothing for a run nobody typed", async () => {
    expect(await personContributor(lookup)(context({ startedBy: "u-ada" }))).toBe(
      'You are talking with "Ada Lovelace" (admin of the organization).',
    );
    expect(await personContributor(lookup)(context())).toBeNull();
  });

  it("composes the tenant's prompt first and leaves out a part that fails, reporting it", async () => {
    const errors: unknown[] = [];
    const prompt = await composeSystemPrompt(
      "Be brief.",
      [() => "first", () => Promise.reject(new Error("db down")), () => null, () => "last"],
      context(),
      (error) => errors.push(error),
    );
    expect(prompt).toBe("Be brief.\n\nfirst\n\nlast");
    expect(errors).toHaveLength(1);
  });

  it("the model receives the composed prompt: tenant prompt, tools, date, organization and person", async () => {
    const { glove, model } = makeAgent([{ text: "Hello Ada." }], {
      systemPrompt: "You are Acme's helper.",
      now: () => now,
      promptContributors: [toolsContributor, dateContributor(), organizationContributor(async () => "Acme"), personContributor(lookup)],
    });
    glove.fold(echoTool);
    await glove.processRequest("hi", { startedBy: "u-ada" });
    const [tenant, tools, ...rest] = model.systemPrompt.split("\n\n");
    expect(tenant).toBe("You are Acme's helper.");
    expect(tools.split("\n")).toEqual([
      "Tools you can use:",
      expect.stringMatching(/^- glove_update_tasks: \S/),
      expect.stringMatching(/^- glove_post_to_inbox: \S/),
      "- echo: Echoes its text.",
    ]);
    expect(rest).toEqual([
      "Today is Monday, 2030-03-04 (UTC).",
      'You work for the organization "Acme".',
      'You are talking with "Ada Lovelace" (admin of the organization).',
    ]);
  });
});
