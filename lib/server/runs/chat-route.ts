import { AgentError } from "@/lib/agent";
import { AppError, conflict, notFound } from "@/lib/server/http/app-error";
import { route } from "@/lib/server/http/route";

/**
 * `route()` for the chat routes: also maps the runtime's errors (lib/agent) onto HTTP answers.
 * The runtime's "invalid answer" becomes 422, like every other validation failure of our API.
 */
export function chatRoute<C>(handler: (request: Request, context: C) => Promise<Response>) {
  return route<C>(async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      throw asAppError(error);
    }
  });
}

function asAppError(error: unknown): unknown {
  if (!(error instanceof AgentError)) return error;
  switch (error.httpStatus) {
    case 404:
      return notFound("This conversation or card");
    case 409:
      return conflict(error.message);
    case 429:
      return new AppError(429, error.code, error.message);
    default:
      return new AppError(422, error.code, error.message, { issues: [{ path: "value", message: error.message }] });
  }
}
