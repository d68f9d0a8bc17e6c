import { CircleCheckIcon, CircleDashedIcon, Loader2Icon } from "lucide-react";
import type { Task } from "@/lib/agent/store-adapter";
import { cn } from "@/lib/utils";

const ICON = {
  pending: <CircleDashedIcon aria-hidden className="text-muted-foreground" />,
  in_progress: <Loader2Icon aria-hidden className="animate-spin text-primary" />,
  completed: <CircleCheckIcon aria-hidden className="text-success" />,
};
const LABEL = { pending: "to do", in_progress: "in progress", completed: "done" };

/** The agent's task list; the task in progress shows its present-continuous form ("Drafting the launch"). */
export function TaskList({ tasks }: { tasks: Task[] }) {
  if (tasks.length === 0) return null;
  const done = tasks.filter((task) => task.status === "completed").length;
  return (
    <section aria-labelledby="tasks-heading" className="grid gap-2 rounded-lg border bg-card p-3">
      <h2 id="tasks-heading" className="flex items-center justify-between text-sm font-semibold">
        Tasks{" "}
        <span className="text-xs font-normal text-muted-foreground">
          {done} of {tasks.length} done
        </span>
      </h2>
      <ul className="grid gap-1.5">
        {tasks.map((task) => (
          <li key={task.id} className="flex items-start gap-2 text-sm [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
            {ICON[task.status]}
            <span className={cn(task.status === "completed" && "text-muted-foreground line-through")}>
              {task.status === "in_progress" && task.activeForm ? task.activeForm : task.content}
              <span className="sr-only"> ({LABEL[task.status]})</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
