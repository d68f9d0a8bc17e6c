import type { z } from "zod";
import type { FormProblem } from "./types";

/** A zod issue path as the API writes it: `["steps", 1, "fields", 0, "options"]` → `steps[1].fields[0].options`. */
export function problemPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)),
    "",
  );
}

export function zodProblems(error: z.ZodError): FormProblem[] {
  return error.issues.map((issue) => ({ path: problemPath(issue.path), message: issue.message }));
}

/** Whether `path` is `at` or lies inside it (`steps[1].title` is inside `steps[1]`, `steps[10]` is not). */
export function isWithin(path: string, at: string): boolean {
  if (at === "") return true;
  return path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`);
}

/** The messages of the problems at or inside `at`. */
export const messagesAt = (problems: readonly FormProblem[], at: string) =>
  problems.filter((problem) => isWithin(problem.path, at)).map((problem) => problem.message);

/** Each problem once, in the order first seen (the local and the server's checks overlap). */
export function uniqueProblems(...lists: readonly (readonly FormProblem[])[]): FormProblem[] {
  const seen = new Set<string>();
  return lists.flat().filter((problem) => {
    const key = `${problem.path}\u0000${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Where a problem is, in words, for the summary list: "Step 2, field 1 (options)". */
export function problemPlace(path: string, stepTitle: (index: number) => string, fieldLabel: (step: number, field: number) => string) {
  const field = /^steps\[(\d+)\]\.fields\[(\d+)\]\.?(.*)$/.exec(path);
  if (field) return `${stepTitle(Number(field[1]))} › ${fieldLabel(Number(field[1]), Number(field[2]))}${field[3] ? ` (${field[3]})` : ""}`;
  const step = /^steps\[(\d+)\]\.?(.*)$/.exec(path);
  if (step) return `${stepTitle(Number(step[1]))}${step[2] ? ` (${step[2]})` : ""}`;
  const checkpoint = /^checkpoints\[(\d+)\]\.?(.*)$/.exec(path);
  if (checkpoint) return `Approval ${Number(checkpoint[1]) + 1}${checkpoint[2] ? ` (${checkpoint[2]})` : ""}`;
  return path ? `Form (${path})` : "Form";
}
