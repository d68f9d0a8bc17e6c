import type { z } from "zod";
import { PERMISSION_SLOT_INDEX } from "./display-manager";
import { permissionDecisionSchema } from "./permissions";
import type { SlotRecord } from "./store-adapter";
import type { GloveTool } from "./tool";

/**
 * The schema one card's answer must match: a permission decision, or the tool's `resolveSchema`
 * narrowed by the card's own props (`answerFor`). A card whose stored props no longer fit the
 * tool's props schema gets the tool's plain `resolveSchema`. Null: any value is taken (a tool we do
 * not know, or one that declares no answer schema).
 */
export function answerSchemaForSlot(slot: Pick<SlotRecord, "index" | "props">, tool: GloveTool | undefined): z.ZodType | null {
  if (slot.index === PERMISSION_SLOT_INDEX) return permissionDecisionSchema;
  if (!tool?.resolveSchema) return null;
  if (!tool.answerFor || !tool.displayPropsSchema) return tool.resolveSchema;
  const props = tool.displayPropsSchema.safeParse(slot.props);
  return props.success ? tool.answerFor(props.data) : tool.resolveSchema;
}
