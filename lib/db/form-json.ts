import { assertFormJson } from "@/lib/forms/json-value";
import { storableJson } from "@/lib/schemas/text";

/**
 * What is not JSON is refused before anything is written (`assertFormJson`); strings are then
 * cleaned as every stored model or tool output is (NUL removed, lone surrogates replaced),
 * because jsonb refuses them.
 */
export function storableFormJson<T>(value: T, what: string): T {
  return storableJson(assertFormJson(value, what));
}
