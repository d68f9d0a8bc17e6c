import type { StoredFieldType } from "@/lib/forms/stored-form";

/** The builder's names for the stored field types, in the order the type menu lists them. */
export const FIELD_TYPE_LABEL: Record<StoredFieldType, string> = {
  text: "Text",
  long_text: "Long text",
  email: "Email",
  phone: "Phone",
  url: "URL",
  number: "Number",
  integer: "Whole number",
  money: "Money",
  date: "Date",
  yes_no: "Yes / no",
  one_of: "One of",
  several_of: "Several of",
};

export const isChoice = (type: StoredFieldType) => type === "one_of" || type === "several_of";
export const isNumeric = (type: StoredFieldType) => type === "number" || type === "integer" || type === "money";
export const isTextual = (type: StoredFieldType) => type === "text" || type === "long_text";
