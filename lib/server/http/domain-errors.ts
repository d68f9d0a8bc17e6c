import { AppError, conflict, forbidden, notFound } from "./app-error";
import { EmailTakenError } from "@/lib/db/users";
import { MembershipRuleError } from "@/lib/db/members";
import { InviteError } from "@/lib/db/invites";
import { InvalidCursorError } from "@/lib/db/conversations";

/** Maps the errors lib/db raises for broken business rules onto HTTP answers. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof EmailTakenError) return conflict("An account with this email already exists. Sign in instead, or use another email.");
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
  if (error instanceof InvalidCursorError) return new AppError(422, "invalid_cursor", error.message);
  return null;
}
