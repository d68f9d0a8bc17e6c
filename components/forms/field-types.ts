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

// Which limits a type takes is the check's own table, so the builder offers exactly what a save accepts.
export { isChoice, isNumeric, isTextLike as isTextual } from "@/lib/forms/stored/field-types";
