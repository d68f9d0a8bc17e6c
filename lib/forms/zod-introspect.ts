import type { z } from "zod";

/**
 * Reading a zod 4 schema's shape (`schema._zod.def`) for the type text and the card input. zod keeps
 * these internals stable across 4.x; everything here degrades to "text"/"value" for kinds it does
 * not know, so a new schema kind never breaks a form.
 */

export interface ZodCheckDef {
  check: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  pattern?: RegExp;
}

export interface ZodDefLike {
  type: string;
  format?: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.ZodType[];
  checks?: { _zod: { def: ZodCheckDef } }[];
  pattern?: RegExp;
}

export function defOf(schema: z.ZodType): ZodDefLike {
  return (schema as unknown as { _zod: { def: ZodDefLike } })._zod.def;
}

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

/** The schema under optional / nullable / default (and the input side of a pipe): what a value must look like. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in && defOf(def.in).type !== "transform") current = def.in;
    else return current;
  }
}

/** The schema's own format and its checks' defs, in one list. */
export function checksOf(schema: z.ZodType): ZodCheckDef[] {
  const def = defOf(schema);
  const kind = def.type === "number" ? "number_format" : "string_format";
  const own: ZodCheckDef[] = def.format ? [{ check: kind, format: def.format, pattern: def.pattern }] : [];
  return [...own, ...(def.checks ?? []).map((check) => check._zod.def)];
}

/** The options of an enum or a union of literals; null for anything else. */
export function optionsOf(schema: z.ZodType): string[] | null {
  const def = defOf(schema);
  if (def.type === "enum" && def.entries) return Object.values(def.entries).map(String);
  if (def.type === "literal" && def.values) return def.values.map(String);
  if (def.type === "union" && def.options) {
    const parts = def.options.map((option) => optionsOf(unwrap(option)));
    return parts.every((part) => part !== null) ? parts.flat() : null;
  }
  return null;
}

export function isOptionalSchema(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}
