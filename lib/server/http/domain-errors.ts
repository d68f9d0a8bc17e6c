import { AppError, conflict, forbidden, notFound } from "./app-error";
import { EmailTakenError } from "@/lib/db/users";
import { MembershipRuleError } from "@/lib/db/members";
import { InviteError } from "@/lib/db/invites";
import { ConversationForbiddenError } from "@/lib/db/conversations";
import { InvalidCursorError } from "@/lib/db/keyset-cursor";
import { AgentError, ValidationError } from "@/lib/agent/errors";
import { isDatabaseUnavailable } from "@/lib/server/database-unavailable";

/** How long a client waits before asking again while the database is away (a restart takes about a second, a crash up to ten). */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

/** The answer to a request that reached us while the database was away: asking again will work (a write may or may not have happened). */
export const serviceUnavailable = () =>
  new AppError(
    503,
    "service_unavailable",
    "Handoff is briefly unavailable: its database is restarting. Try again in a few seconds; if you were saving something, reload first to see whether it was saved.",
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/**
 * Maps the errors lib/db and lib/agent raise for broken rules onto HTTP answers. The runtime's
 * "invalid answer" becomes 422, like every other validation failure of our API; a database that is
 * away (restarting, crashed, starting up) is 503 with Retry-After, never a 500.
 */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof EmailTakenError)
    return conflict("An account with this email already exists. Sign in instead, or use another email.");
  if (error instanceof MembershipRuleError) {
    if (error.reason === "not_found") return notFound("That member or invite");
    if (error.reason === "forbidden") return forbidden(error.message);
    return conflict(error.message);
  }
  if (error instanceof InviteError) {
    if (error.reason === "invalid") return notFound("This invite");
    if (error.reason === "wrong_email") return forbidden(error.message);
    return conflict(error.message);
  }
  if (error instanceof ConversationForbiddenError) return forbidden(error.message);
  if (error instanceof InvalidCursorError) return new AppError(422, "invalid_cursor", error.message);
  if (error instanceof AgentError) return fromAgentError(error);
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  return null;
}

function fromAgentError(error: AgentError): AppError {
  switch (error.httpStatus) {
    case 403:
      return forbidden(error.message);
    case 404:
      return notFound("This conversation or card");
    case 409:
      return conflict(error.message);
    case 429:
      return new AppError(429, error.code, error.message);
    default:
      return new AppError(422, error.code, error.message, {
        issues: (error instanceof ValidationError && error.issues) || [{ path: "value", message: error.message }],
      });
  }
}
