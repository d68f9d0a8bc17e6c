import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  CONVERSATION_SEARCH_MAX,
  CONVERSATION_TITLE_MAX,
  EMAIL_MAX,
  MESSAGE_TEXT_MAX,
  ORGANIZATION_NAME_MAX,
  PASSWORD_MAX,
  PERSON_NAME_MAX,
} from "@/lib/client/limits";
import {
  changePasswordSchema,
  emailSchema,
  organizationNameSchema,
  passwordSchema,
  personNameSchema,
  signInSchema,
} from "@/lib/schemas/account";
import { AGENT_NAME_MAX, agentSettingsInputSchema, SLOT_TTL_MINUTES_MAX } from "@/lib/schemas/agent-settings";
import { approvePlanAnswer, PLAN_STEP_MAX } from "@/lib/tools/approve-plan/shape";
import { collectFormAnswer, FORM_VALUE_MAX, valuesSchemaFor } from "@/lib/tools/collect-form/shape";
import { TEXT_INPUT_MAX, textInputAnswer } from "@/lib/tools/text-input/shape";
import {
  conversationTitleSchema,
  listConversationsQuerySchema,
  MESSAGE_TEXT_MAX as SCHEMA_MESSAGE_TEXT_MAX,
} from "@/lib/schemas/conversation";

it("the composer's limit is the message schema's", () => {
  expect(MESSAGE_TEXT_MAX).toBe(SCHEMA_MESSAGE_TEXT_MAX);
});

/** `max` is the schema's limit: a value of that length passes and one character more fails. */
function expectLimit(schema: z.ZodType, max: number, value: (length: number) => unknown) {
  expect(schema.safeParse(value(max)).success).toBe(true);
  expect(schema.safeParse(value(max + 1)).success).toBe(false);
}

describe("the inputs' maxLength are the schemas' limits", () => {
  const text = (length: number) => "a".repeat(length);
  const email = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;

  it("conversations", () => {
    expectLimit(conversationTitleSchema, CONVERSATION_TITLE_MAX, text);
    expectLimit(listConversationsQuerySchema, CONVERSATION_SEARCH_MAX, (length) => ({ q: text(length) }));
  });

  it("accounts and teams", () => {
    expectLimit(emailSchema, EMAIL_MAX, email);
    expectLimit(passwordSchema, PASSWORD_MAX, text);
    expectLimit(signInSchema, PASSWORD_MAX, (length) => ({ email: "ada@example.com", password: text(length) }));
    expectLimit(changePasswordSchema, PASSWORD_MAX, (length) => ({ currentPassword: text(length), newPassword: text(20) }));
    expectLimit(personNameSchema, PERSON_NAME_MAX, text);
    expectLimit(organizationNameSchema, ORGANIZATION_NAME_MAX, text);
  });

  // These forms import their limit from the schema's module: the constant must be what the schema enforces.
  it("agent settings", () => {
    expectLimit(agentSettingsInputSchema.shape.name, AGENT_NAME_MAX, text);
    expect(agentSettingsInputSchema.shape.slotTtlMinutes.safeParse(SLOT_TTL_MINUTES_MAX).success).toBe(true);
    expect(agentSettingsInputSchema.shape.slotTtlMinutes.safeParse(SLOT_TTL_MINUTES_MAX + 1).success).toBe(false);
  });

  it("cards", () => {
    expectLimit(approvePlanAnswer, PLAN_STEP_MAX, (length) => ({ approved: true, steps: [{ title: text(length), decision: "approve" }] }));
    expectLimit(collectFormAnswer, FORM_VALUE_MAX, (length) => ({ values: { note: text(length) } }));
    expectLimit(valuesSchemaFor([{ name: "note", label: "Note", type: "textarea", required: true }]), FORM_VALUE_MAX, (length) => ({
      note: text(length),
    }));
    expectLimit(textInputAnswer, TEXT_INPUT_MAX, (length) => ({ text: text(length) }));
  });
});
