import { z } from "zod";

/**
 * Strings from outside, in two kinds (see ARCHITECTURE.md, "Strings"):
 *
 * - **Short fields** (ids, slugs, emails, names, titles, tokens, query values) are refused with a 422
 *   naming the field when they hold NUL, another control character or an unpaired surrogate: such a
 *   value is a mistake or an attack, and Postgres refuses NUL in text (a 500 before this).
 * - **Free text** (a chat message, a reject reason, a system prompt) is what a person wrote; it is
 *   kept: NUL is removed and an unpaired surrogate becomes U+FFFD, so nothing they typed is lost
 *   for one invisible character.
 *
 * Imports nothing but zod; `cleanText` and `storableJson` are plain functions for code that stores
 * what a model or a tool produced.
 */

// C0 controls and DEL; tab, newline and carriage return are not allowed in short fields either.
const CONTROL = /[\u0000-\u001f\u007f]/;
const NUL = /\u0000/g;

/** True when a string holds an unpaired UTF-16 surrogate (which has no UTF-8 form). */
export const hasLoneSurrogate = (text: string) => !text.isWellFormed();

/** Free text made storable: NUL removed, unpaired surrogates replaced with U+FFFD. */
export const cleanText = (text: string) => text.replace(NUL, "").toWellFormed();

const CONTROL_MESSAGE = "Remove the control characters (such as NUL or a line break) from this field.";
const SURROGATE_MESSAGE = "This field holds an invalid character (an unpaired UTF-16 surrogate); send valid Unicode.";

/** Adds the short-field checks to a string schema (after its trim, so surrounding whitespace is forgiven). */
export function refuseInvisible<S extends z.ZodString>(schema: S): S {
  return schema.refine((text) => !CONTROL.test(text), CONTROL_MESSAGE).refine((text) => !hasLoneSurrogate(text), SURROGATE_MESSAGE) as S;
}

/** A short, single-line field: refuses control characters and unpaired surrogates (422 naming the field). */
export const shortText = () => refuseInvisible(z.string());

/** A short field that is trimmed first. */
export const trimmedText = () => refuseInvisible(z.string().trim());

/** Free text: NUL removed and unpaired surrogates replaced before any other check, so limits count what is stored. */
export function freeText() {
  return z.string().transform(cleanText);
}

/** An id in a path or a body (our ids are cuids; anything else cannot exist). */
export const idSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, "Not an id of this service.");
/** An organization's URL name (lib/db/slug.ts makes them of these characters). */
export const slugSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/, "Not an organization of this service.");
/** An invite token in a link (base64url). */
export const tokenSchema = z
  .string()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "Not an invite link of this service.");

/**
 * A value about to be stored as JSON, made storable: every string (keys too) cleaned as free text.
 * Postgres refuses `\u0000` in jsonb and in any text it extracts from json, and refuses escaped
 * unpaired surrogates in both; model output and tool results can hold either.
 */
export function storableJson<T>(value: T): T {
  if (typeof value === "string") return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(storableJson) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [cleanText(key), storableJson(inner)])) as T;
  }
  return value;
}
