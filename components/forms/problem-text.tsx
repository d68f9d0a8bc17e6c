import type { FormProblem } from "@/lib/client/forms/types";
import { isWithin } from "@/lib/client/forms/problems";

/** The problems at `at` that no input of the editor shows, as a list under the step's or field's heading. */
export function ProblemText({
  problems,
  at,
  shownElsewhere = [],
}: {
  problems: readonly FormProblem[];
  at: string;
  shownElsewhere?: string[];
}) {
  const own = problems.filter((problem) => isWithin(problem.path, at) && !shownElsewhere.some((path) => isWithin(problem.path, path)));
  if (own.length === 0) return null;
  return (
    <ul className="grid gap-0.5 text-sm font-medium text-destructive">
      {own.map((problem) => (
        <li key={`${problem.path}:${problem.message}`}>{problem.message}</li>
      ))}
    </ul>
  );
}
