import { expect, it } from "vitest";
import { MESSAGE_TEXT_MAX } from "@/lib/client/limits";
import { MESSAGE_TEXT_MAX as SCHEMA_MESSAGE_TEXT_MAX } from "@/lib/schemas/conversation";

it("the composer's limit is the message schema's", () => {
  expect(MESSAGE_TEXT_MAX).toBe(SCHEMA_MESSAGE_TEXT_MAX);
});
