import { defineTool, failure, success } from "@/lib/agent";
import { COLLECT_FORM, collectFormAnswer, collectFormProps, valuesSchemaFor } from "@/lib/tools/collect-form";

export const collectFormTool = defineTool({
  name: COLLECT_FORM,
  description:
    "Collect several fields at once in one card (field types: text, email, tel, number, textarea, url). " +
    "Returns the filled values by field name.",
  inputSchema: collectFormProps,
  displayPropsSchema: collectFormProps,
  resolveSchema: collectFormAnswer,
  async do(input, display) {
    const { values } = await display.pushAndWait(input);
    // The same rules as the card's; the answer route rejects bad values first (422).
    const checked = valuesSchemaFor(input.fields).safeParse(values);
    if (!checked.success) return failure(`The form values were not valid: ${checked.error.issues.map((issue) => issue.message).join("; ")}`);
    return success(checked.data);
  },
});
