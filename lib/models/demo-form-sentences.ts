/**
 * How the offline demo model reads form answers out of a sentence, and how it words the forms
 * tools' results. Field keys are what the person said ("mode of travel", "distance (km)"): the
 * forms engine resolves ids and labels loosely, so the demo needs no ids.
 */

/** A value as the person meant it: "120" and "612.50" are numbers, yes/no booleans, quotes stripped. */
export function demoFormValue(raw: string): unknown {
  const text = raw
    .trim()
    .replace(/[.!?]+$/, "")
    .trim();
  const unquoted = text.match(/^(["'“‘])(.*)(["'”’])$/)?.[2] ?? text;
  if (/^-?\d+(?:\.\d+)?$/.test(unquoted)) return Number(unquoted);
  if (/^yes$/i.test(unquoted)) return true;
  if (/^no$/i.test(unquoted)) return false;
  return unquoted;
}

// Subjects that make "X is Y" a remark, not an answer ("it is fine", "what is left").
const NOT_A_FIELD = /^(?:it|that|this|there|here|what|which|who|everything|all|nothing|something)$/i;

/** One clause as [field, raw value], or null when it is no answer. */
function clause(piece: string): [string, string] | null {
  const text = piece.trim().replace(/^(?:also|and|plus|oh|ok|okay|so)\s+/i, "");
  const colon = text.match(/^([a-z][\w ()/-]{0,40}?)\s*:\s*(\S.*)$/i);
  if (colon) return [colon[1].trim(), colon[2]];
  const copula = text.match(/^(?:(?:my|the|our|your)\s+)?([a-z][\w ()/-]{0,40}?)\s+(?:is|was|are|were)\s+(\S.*)$/i);
  if (copula && !NOT_A_FIELD.test(copula[1].trim())) return [copula[1].trim(), copula[2]];
  return null;
}

/**
 * "my name is Ada, the mode of travel is car and distance (km): 120" → {name: "Ada", "mode of
 * travel": "car", "distance (km)": 120}. Clauses are split on ",", ";" and " and "; a piece that
 * is no clause of its own belongs to the value before it ("the product is Web app and mobile").
 * A comma followed by a space splits, so "ada@example.com" and "1,200" stay whole.
 */
export function demoFormValues(text: string): Record<string, unknown> {
  const parts = text.split(/(,\s+|;\s*|\s+and\s+)/i);
  const found: Array<[string, string]> = [];
  for (let index = 0; index < parts.length; index += 2) {
    const piece = parts[index];
    const parsed = clause(piece);
    if (parsed) found.push(parsed);
    else if (found.length > 0 && piece.trim()) found[found.length - 1][1] += `${parts[index - 1]}${piece}`;
  }
  return Object.fromEntries(found.map(([field, value]) => [field, demoFormValue(value)]));
}

/** A correction: "actually the X is Y", "change X to Y", "correction: X is Y". */
export function demoFormCorrection(text: string): { field: string; value: unknown } | null {
  const change = text.match(/\bchange (?:the |my )?(.+?) to (.+)$/i);
  if (change) return { field: change[1].trim(), value: demoFormValue(change[2]) };
  const rest = text.match(/\b(?:actually|correction)\b[,:]?\s*(?:no[,.]?\s*)?(.+)$/i)?.[1];
  const parsed = rest ? clause(rest) : null;
  return parsed ? { field: parsed[0], value: demoFormValue(parsed[1]) } : null;
}

/** "undo the last change to X", "undo the X", "redo X". */
export function demoFormUndo(text: string): { field: string; action: "undo" | "redo" } | null {
  const match = text.match(/\b(undo|redo)\s+(?:the\s+)?(?:last\s+change\s+(?:to|of)\s+(?:the\s+)?)?(.+?)[.!?]*$/i);
  return match ? { action: match[1].toLowerCase() as "undo" | "redo", field: match[2].trim() } : null;
}

/** The form a start sentence names and the answers that came with it. */
export function demoFormStart(text: string, pattern: RegExp): { form: string; values?: Record<string, unknown> } {
  const match = text.match(pattern);
  const form = (match?.[1] ?? "form").trim();
  const values = demoFormValues(text.slice((match?.index ?? 0) + (match?.[0].length ?? 0)).replace(/^\s*(?:[,;]|and|with)\s*/i, ""));
  return { form, ...(Object.keys(values).length > 0 && { values }) };
}

/** The names in a result's list: labels when the runtime gives them, else ids, keys or the plain strings. */
function names(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((item) => {
      if (typeof item === "string") return item;
      if (item && typeof item === "object") {
        const record = item as Record<string, unknown>;
        for (const key of ["label", "field", "key", "id", "name"]) if (typeof record[key] === "string") return record[key] as string;
      }
      return "";
    })
    .filter(Boolean);
}

/** An error of a fill: "Total amount: send a number (send a JSON number)". */
function problems(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    if (!item || typeof item !== "object") return String(item);
    const record = item as Record<string, unknown>;
    const [name] = names([record]);
    const message = typeof record.message === "string" ? record.message : "not accepted";
    return name ? `${name}: ${message}` : message;
  });
}

/** Keys that reached no field, with the engine's suggestions. */
function unknowns(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    if (typeof item === "string") return `"${item}"`;
    const record = (item ?? {}) as Record<string, unknown>;
    const [name] = names([record]);
    const suggestions = names(record.did_you_mean ?? record.didYouMean);
    return suggestions.length > 0 ? `"${name}" (did you mean ${suggestions.join(" or ")}?)` : `"${name}"`;
  });
}

const list = (items: string[]) => items.join(", ");

/**
 * What a form tool's result says, from its data (`{stored, held, errors, unknown, locked, missing,
 * complete, status}`; any may be missing): what was noted, what was refused and why, and what is
 * still needed, or that the form is complete and how to send it.
 */
export function describeFormResult(data: unknown): string {
  const result = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const sentences: string[] = [];
  const stored = names(result.stored);
  if (stored.length > 0) sentences.push(`Noted: ${list(stored)}.`);
  const held = names(result.held);
  if (held.length > 0) sentences.push(`Kept for later, once it applies: ${list(held)}.`);
  const errors = problems(result.errors);
  if (errors.length > 0) sentences.push(`Not accepted: ${errors.join("; ")}.`);
  const unknown = unknowns(result.unknown);
  if (unknown.length > 0) sentences.push(`The form has no field ${unknown.join(", ")}.`);
  const locked = names(result.locked);
  if (locked.length > 0) sentences.push(`Left as the person set them: ${list(locked)}.`);
  if (result.status === "submitted") sentences.push("The form was submitted.");
  else if (result.status === "abandoned" || result.status === "terminated") sentences.push("The form is closed.");
  else if (result.complete === true) sentences.push("The form is complete — say 'submit the form' to send it.");
  else {
    const missing = names(result.missing);
    if (missing.length > 0) sentences.push(`Still needed: ${list(missing)}.`);
  }
  return sentences.join(" ") || "The form is up to date.";
}
