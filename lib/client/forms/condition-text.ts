import type { StoredCondition } from "@/lib/forms/stored-form";

/** A stored condition in words, naming the field by its label: "Mode is car", "Amount > 500". */
export function conditionText(condition: StoredCondition, labelOf: (fieldId: string) => string): string {
  const field = labelOf(condition.field);
  switch (condition.op) {
    case "is":
      return `${field} is ${String(condition.value)}`;
    case "is_not":
      return `${field} is not ${String(condition.value)}`;
    case "is_one_of":
      return `${field} is one of ${condition.value.map(String).join(", ")}`;
    case "gt":
      return `${field} > ${condition.value}`;
    case "gte":
      return `${field} >= ${condition.value}`;
    case "lt":
      return `${field} < ${condition.value}`;
    case "lte":
      return `${field} <= ${condition.value}`;
    case "is_set":
      return `${field} is answered`;
    case "is_not_set":
      return `${field} is not answered`;
  }
}
