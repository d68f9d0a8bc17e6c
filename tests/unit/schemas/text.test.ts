import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX,
  MESSAGE_BODY_MAX_BYTES,
  MESSAGE_TEXT_MAX,
  attachmentSchema,
  conversationTitleSchema,
  rejectSlotSchema,
  resolveSlotSchema,
  sendMessageSchema,
} from "@/lib/schemas/conversation";
import { emailSchema, personNameSchema } from "@/lib/schemas/account";
import { agentSettingsInputSchema } from "@/lib/schemas/agent-settings";
import { cleanText, freeText, idSchema, shortText, slugSchema, storableJson } from "@/lib/schemas/text";

const NUL = "\u0000";
const LONE_HIGH = "\ud83d";
const LONE_LOW = "\ude00";

const issuePaths = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."));
};

describe("short fields", () => {
  it("refuse NUL, other control characters and unpaired surrogates, naming the field", () => {
    for (const bad of [NUL, "\u0001", "\n", "\u007f", LONE_HIGH, LONE_LOW, `${LONE_LOW}${LONE_HIGH}`]) {
      expect(shortText().safeParse(`a${bad}b`).success, JSON.stringify(bad)).toBe(false);
      expect(issuePaths(z.object({ title: conversationTitleSchema }), { title: `a${bad}b` })).toEqual(["title"]);
    }
    expect(issuePaths(emailSchema, `ada${NUL}@example.com`).length).toBeGreaterThan(0);
    expect(issuePaths(agentSettingsInputSchema, { enabledTools: [`x${NUL}`], name: `A${LONE_HIGH}` }).sort()).toEqual([
      "enabledTools.0",
      "name",
    ]);
  });

  it("accept any valid Unicode, pairs of surrogates (emoji) included", () => {
    expect(shortText().parse("Zoë 😀 中文")).toBe("Zoë 😀 中文");
    expect(personNameSchema.parse("  Ada 😀 ")).toBe("Ada 😀");
  });

  it("ids and slugs accept only the characters ours are made of", () => {
    expect(idSchema.safeParse("cmabc123xyz").success).toBe(true);
    expect(slugSchema.safeParse("my-team-1").success).toBe(true);
    for (const bad of [NUL, LONE_HIGH, "a b", "../x", "a%00", ""]) {
      expect(idSchema.safeParse(bad).success).toBe(false);
      expect(slugSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe("free text", () => {
  it("removes NUL and replaces unpaired surrogates with U+FFFD, keeping pairs", () => {
    expect(cleanText(`a${NUL}b${LONE_HIGH}c${LONE_LOW}😀`)).toBe("ab\ufffdc\ufffd😀");
    expect(freeText().parse(`x${NUL}`)).toBe("x");
    expect(sendMessageSchema.parse({ text: ` hi${NUL} there${LONE_HIGH} ` }).text).toBe("hi there\ufffd");
    expect(rejectSlotSchema.parse({ reason: `no${NUL}` }).reason).toBe("no");
    expect(agentSettingsInputSchema.parse({ enabledTools: [], systemPrompt: `Be\tbrief.\n${NUL}` }).systemPrompt).toBe("Be\tbrief.\n");
  });

  it("a message of NUL only is empty and refused; the length limit counts what is stored", () => {
    expect(issuePaths(sendMessageSchema, { text: NUL.repeat(3) })).toEqual(["text"]);
    expect(sendMessageSchema.safeParse({ text: `${"a".repeat(MESSAGE_TEXT_MAX)}${NUL}` }).success).toBe(true);
  });

  it("storableJson cleans every string of a JSON value, keys too, and leaves the rest", () => {
    const value = { [`k${NUL}`]: [`v${NUL}`, 1, true, null, { deep: `x${LONE_HIGH}` }] };
    expect(storableJson(value)).toEqual({ k: ["v", 1, true, null, { deep: "x\ufffd" }] });
    expect(JSON.stringify(storableJson(value))).not.toMatch(/\\u0000|\\ud8/);
    expect(resolveSlotSchema.parse({ value: { answer: `yes${NUL}` } }).value).toEqual({ answer: "yes" });
  });
});

describe("docs/streaming.md states the message limits of lib/schemas/conversation.ts", () => {
  const doc = readFileSync(path.join(__dirname, "..", "..", "..", "docs", "streaming.md"), "utf8");
  const row = doc.split("\n").find((line) => line.includes("`/api/conversations/{id}/messages`") && line.includes("images"))!;
  const mb = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

  it("names the text limit, the image count, size and types, and the body limit", () => {
    expect(row).toBeDefined();
    expect(row).toContain(`text 1–${MESSAGE_TEXT_MAX.toLocaleString("en-US")} characters`);
    const images = /up to (\d+) images \(([^)]+)\) of (\d+ MB) each/.exec(row);
    expect(images, row).not.toBeNull();
    expect(Number(images![1])).toBe(ATTACHMENTS_MAX);
    expect(images![3]).toBe(mb(ATTACHMENT_MAX_BYTES));
    const types = attachmentSchema.shape.media_type.options.map((type) => type.replace("image/", ""));
    expect(images![2].split(", ")).toEqual(types);
    expect(row).toContain(`more than ${mb(MESSAGE_BODY_MAX_BYTES)} of body: 413`);
  });
});
