import { describe, expect, it } from "vitest";
import { markdownToText } from "@/lib/client/markdown-to-text";

describe("markdownToText (Copy as text)", () => {
  it("drops headings, emphasis, strikethrough and quote marks and keeps the words", () => {
    expect(markdownToText("# Plan\n\n> **Bold** and *italic* and ~~gone~~ and __strong__ _em_")).toBe(
      "Plan\n\nBold and italic and gone and strong em",
    );
  });

  it("keeps a link's and an image's words, not their addresses", () => {
    expect(markdownToText("See [the docs](https://example.com/docs) and ![a chart](chart.png), <https://x.dev>.")).toBe(
      "See the docs and a chart, https://x.dev.",
    );
  });

  it("keeps code blocks and code spans character for character", () => {
    const markdown = "Run `npm run **build**`:\n\n```bash\necho *not emphasis* [x](y)\n```\nDone.";
    expect(markdownToText(markdown)).toBe("Run npm run **build**:\n\necho *not emphasis* [x](y)\nDone.");
  });

  it("keeps snake_case names whole", () => {
    expect(markdownToText("Set run_id_here and my_var_name")).toBe("Set run_id_here and my_var_name");
  });

  it("writes list items with a plain dash or their number, task boxes removed", () => {
    expect(markdownToText("* one\n+ two\n  - [x] nested done\n3. three")).toBe("- one\n- two\n  - nested done\n3. three");
  });

  it("turns a table into tab-separated rows without the separator row", () => {
    expect(markdownToText("| Name | Total |\n| --- | ---: |\n| **Ada** | 3 |")).toBe("Name\tTotal\nAda\t3");
  });

  it("drops rules and HTML tags, unescapes escaped marks and collapses blank runs", () => {
    expect(markdownToText("a <br/> \\*b\\*\n\n---\n\n\n\nc")).toBe("a  *b*\n\nc");
  });
});
