import { zodToOpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";

/**
 * `z.json()` is a recursive lazy schema; zod-to-openapi follows an unnamed one forever (stack
 * overflow). Named, it becomes one `$ref` to itself. The schemas are the contract's own (the
 * webhook payloads', the inbox's), so instead of renaming them there this walks a schema and names
 * every lazy in it `JsonValue`: z.json() is the only recursive schema /api/v1 speaks.
 */
const JSON_VALUE = { _internal: { refId: "JsonValue" }, description: "Any JSON value." };

export function nameJsonValues(schema: z.ZodType, seen = new Set<unknown>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.type === "lazy") {
    if (!zodToOpenAPIRegistry.has(schema)) zodToOpenAPIRegistry.add(schema, JSON_VALUE);
    nameJsonValues((def.getter as () => z.ZodType)(), seen);
    return;
  }
  const children: unknown[] = [
    def.innerType,
    def.element,
    def.valueType,
    def.keyType,
    def.in,
    def.out,
    def.left,
    def.right,
    ...(Array.isArray(def.options) ? def.options : []),
    ...(def.shape ? Object.values(def.shape as Record<string, unknown>) : []),
  ];
  for (const child of children) if (child && typeof child === "object" && "_zod" in child) nameJsonValues(child as z.ZodType, seen);
}
