import { z } from "zod";
import { PERMISSION_RENDERER, permissionDecisionSchema, type SlotRecord } from "@/lib/agent";
import { APPROVE_PLAN, approvePlanAnswer } from "@/lib/tools/approve-plan";
import { ASK_PREFERENCE, askPreferenceAnswer, askPreferenceProps } from "@/lib/tools/ask-preference";
import { COLLECT_FORM, collectFormProps, valuesSchemaFor } from "@/lib/tools/collect-form";
import { CONFIRM_ACTION, confirmActionAnswer } from "@/lib/tools/confirm-action";
import { SUGGEST_OPTIONS, suggestOptionsAnswer, suggestOptionsProps } from "@/lib/tools/suggest-options";
import { TEXT_INPUT, textInputAnswer } from "@/lib/tools/text-input";

/**
 * The schema one card's answer must match: the tool's `resolveSchema`, narrowed by the card's own
 * props (a choice must be one of the options offered, form values follow the card's fields). The
 * answer route validates with it first, so a bad answer gets a 422 with the zod issues per field.
 * Null: a card of a tool we do not know, or whose stored props no longer fit its schema (the
 * runtime then validates with what it has).
 */
export function answerSchemaForSlot(slot: Pick<SlotRecord, "tool_name" | "renderer" | "props">): z.ZodType | null {
  if (slot.renderer === PERMISSION_RENDERER) return permissionDecisionSchema;
  switch (slot.tool_name) {
    case CONFIRM_ACTION:
      return confirmActionAnswer;
    case TEXT_INPUT:
      return textInputAnswer;
    case APPROVE_PLAN:
      return approvePlanAnswer;
    case ASK_PREFERENCE: {
      const props = askPreferenceProps.safeParse(slot.props);
      if (!props.success) return null;
      const { options } = props.data;
      return askPreferenceAnswer.refine((answer) => options.includes(answer.choice), { path: ["choice"], message: `Choose one of: ${options.join(", ")}.` });
    }
    case SUGGEST_OPTIONS: {
      const props = suggestOptionsProps.safeParse(slot.props);
      if (!props.success) return null;
      const { options, multiple } = props.data;
      return suggestOptionsAnswer
        .refine((answer) => answer.choices.every((choice) => options.includes(choice)), { path: ["choices"], message: `Pick among: ${options.join(", ")}.` })
        .refine((answer) => multiple || answer.choices.length === 1, { path: ["choices"], message: "Pick exactly one option." });
    }
    case COLLECT_FORM: {
      const props = collectFormProps.safeParse(slot.props);
      return props.success ? z.object({ values: valuesSchemaFor(props.data.fields) }) : null;
    }
    default:
      return null;
  }
}
