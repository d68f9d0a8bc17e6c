import type { StoredFieldType } from "../stored-form";

/**
 * Which limits, options and condition values each stored field type takes: one table that the
 * checks and the compiler read, so they cannot disagree.
 */
export const NUMERIC_TYPES: readonly StoredFieldType[] = ["number", "integer", "money"];
export const TEXT_LIKE_TYPES: readonly StoredFieldType[] = ["text", "long_text", "email", "phone", "url"];
export const CHOICE_TYPES: readonly StoredFieldType[] = ["one_of", "several_of"];

export const isNumeric = (type: StoredFieldType) => NUMERIC_TYPES.includes(type);
export const isTextLike = (type: StoredFieldType) => TEXT_LIKE_TYPES.includes(type);
export const isChoice = (type: StoredFieldType) => CHOICE_TYPES.includes(type);

/** The limits a type accepts; any other limit on it is a problem. */
export function limitsFor(type: StoredFieldType): readonly string[] {
  if (isNumeric(type)) return ["min", "max"];
  if (isTextLike(type)) return ["minLength", "maxLength", "pattern", "patternMessage"];
  if (type === "several_of") return ["minItems", "maxItems"];
  return [];
}

/** A pattern longer than this is refused: it is read by people, and compiled on every parse. */
export const PATTERN_MAX_LENGTH = 200;
