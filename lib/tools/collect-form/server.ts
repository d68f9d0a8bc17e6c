import { defineCardTool } from "../card-tool.server";
import { collectForm } from "./shape";

export const collectFormTool = defineCardTool({
  shape: collectForm,
  description:
    "Collect several fields at once in one card (field types: text, email, tel, number, textarea, url). " +
    "Returns the filled values by field name.",
  result: ({ values }) => values,
});
