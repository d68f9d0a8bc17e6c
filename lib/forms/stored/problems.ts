/** One thing to fix in a stored definition, at the place it is: `steps[1].fields[0].options`. */
export interface FormProblem {
  path: string;
  message: string;
}

/** A zod issue path as the builder shows it: indexes in brackets, names after dots. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => {
    if (typeof part === "number") return `${out}[${part}]`;
    const name = String(part);
    return out ? `${out}.${name}` : name;
  }, "");
}
