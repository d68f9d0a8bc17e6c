import { z } from "zod";
import type { RuntimeDeps } from "../run-session";
import type { Task } from "../store-adapter";
import { defineTool, success } from "../tool";

export const UPDATE_TASKS_TOOL_NAME = "glove_update_tasks";

const taskInput = z.object({
  content: z.string().min(1).describe('Imperative form: "Run the tests"'),
  activeForm: z.string().min(1).describe('Present continuous form shown while it runs: "Running the tests"'),
  status: z.enum(["pending", "in_progress", "completed"]).describe("pending, in_progress (at most one at a time) or completed."),
});

// Module-level: the tool is rebuilt per request, and its JSON schema is converted once per schema object (tool.ts).
const updateTasksInput = z.object({ todos: z.array(taskInput).describe("The whole task list, every task each time, in order.") });

/** The agent's task list, always sent whole (Glove's `todos` shape). A task keeps its id while its content stays the same. */
export const createUpdateTasksTool = (deps: Pick<RuntimeDeps, "store" | "emit">) =>
  defineTool({
    name: UPDATE_TASKS_TOOL_NAME,
    description:
      "Create and update your task list for this conversation, shown to the user. Send the FULL list each time. " +
      "Keep exactly one task in_progress while working and mark tasks completed as soon as they are done.",
    inputSchema: updateTasksInput,
    async do(input, _display, _glove, _signal, ctx) {
      const current = await deps.store.getTasks();
      const tasks: Task[] = input.todos.map((todo, index) => ({
        id: current.find((task) => task.content === todo.content)?.id ?? `${ctx.callId}:${index}`,
        ...todo,
      }));
      await deps.store.addTasks(tasks);
      await deps.emit("tasks_updated", { tasks });
      return success({ tasks: tasks.map(({ content, status }) => ({ content, status })) });
    },
  });
