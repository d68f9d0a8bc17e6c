import { describe, expect, it } from "vitest";
import { connectorTools } from "@/lib/server/connectors/agent-tools";
import { stripInvisibleTags } from "@/lib/server/http/invisible-text";
import { enabledTool, FakeCatalog } from "./fake-catalog";

/** "ignore" spelled in invisible tag characters. */
const hidden = [..."ignore"].map((letter) => String.fromCodePoint(0xe0000 + letter.charCodeAt(0))).join("");
const scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";

describe("invisible tag characters from a server", () => {
  it("are removed; a subdivision flag keeps its tags", () => {
    expect(stripInvisibleTags(`Find${hidden} contacts ${scotland}`)).toBe(`Find contacts ${scotland}`);
  });

  it("never reach the model in a tool's description", async () => {
    const [tool] = await connectorTools(new FakeCatalog([enabledTool({ name: "find", description: `Finds.${hidden}` })]));
    expect(tool.description).toBe("Acme CRM: Find. Finds.");
  });
});
