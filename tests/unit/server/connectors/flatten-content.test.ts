import { describe, expect, it } from "vitest";
import { flattenContent } from "@/lib/server/connectors/mcp-client";

describe("flattenContent", () => {
  it("joins text blocks and names the blocks that are not text", () => {
    expect(
      flattenContent({
        content: [
          { type: "text", text: "First" },
          { type: "image", data: "AAAA", mimeType: "image/png" },
          { type: "resource", resource: { uri: "file:///a.txt", text: "Inline" } },
          { type: "resource_link", uri: "https://example.com/b", name: "b" },
        ],
      }),
    ).toBe("First\n[image image/png]\nInline\n[link https://example.com/b]");
  });

  it("gives structured content as JSON when no block is text", () => {
    expect(flattenContent({ content: [], structuredContent: { total: 3 } })).toBe('{"total":3}');
  });
});
