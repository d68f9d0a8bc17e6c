import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/server/http/app-error";
import { parseUpload } from "@/lib/server/imports/parse-upload";
import { extractFromZip } from "@/lib/server/imports/unzip";

const chatgpt = JSON.stringify([
  {
    title: "Zipped",
    current_node: "a",
    mapping: { a: { id: "a", parent: null, message: { author: { role: "user" }, content: { content_type: "text", parts: ["hi"] } } } },
  },
]);

describe("zip imports", () => {
  it("reads conversations.json out of ChatGPT's zip, in a folder or not", () => {
    const zip = zipSync({ "export/conversations.json": strToU8(chatgpt), "export/chat.html": strToU8("<html>") });
    expect(parseUpload(zip)).toMatchObject({
      source: "chatgpt",
      conversations: [{ title: "Zipped", messages: [{ sender: "user", text: "hi" }] }],
    });
  });

  it("stops inflating a zip bomb at the cap and answers 413", () => {
    const bomb = zipSync({ "conversations.json": new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    const error = (() => {
      try {
        extractFromZip(bomb, "conversations.json", 1024 * 1024);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 413, code: "payload_too_large" });
  });

  it("answers 422 for a zip without conversations.json", () => {
    expect(() => parseUpload(zipSync({ "notes.txt": strToU8("x") }))).toThrow("This zip holds no conversations.json.");
  });
});
