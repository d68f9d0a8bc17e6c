import { CircleAlertIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { FormDraft } from "@/lib/client/forms/draft";
import { problemPlace } from "@/lib/client/forms/problems";
import type { FormProblem } from "@/lib/client/forms/types";

/** Every problem of the draft with where it is, beside the Save button that it holds back. */
export function ProblemSummary({ problems, draft }: { problems: readonly FormProblem[]; draft: FormDraft }) {
  if (problems.length === 0) return null;
  const stepTitle = (index: number) => `Step ${index + 1}${draft.steps[index]?.title ? ` "${draft.steps[index].title}"` : ""}`;
  const fieldLabel = (step: number, field: number) => {
    const label = draft.steps[step]?.fields[field]?.label;
    return `field ${field + 1}${label ? ` "${label}"` : ""}`;
  };
  return (
    <Alert variant="warning" role="status" aria-label="Problems to fix before saving">
      <CircleAlertIcon aria-hidden />
      <AlertTitle>
        {problems.length === 1 ? "1 problem to fix before saving" : `${problems.length} problems to fix before saving`}
      </AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-4">
          {problems.map((problem) => (
            <li key={`${problem.path}:${problem.message}`}>
              <span className="font-medium">{problemPlace(problem.path, stepTitle, fieldLabel)}:</span> {problem.message}
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
