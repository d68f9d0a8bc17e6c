import { notFound } from "./app-error";
import { possibleId } from "./path-id";

/** The `[messageId]` of a route under `/api/conversations/{id}/messages/`: a string that cannot be an id is a 404 at once. */
export function messageIdParam(params: { id: string }): string {
  const { messageId } = params as { id: string; messageId: string };
  if (!possibleId(messageId)) throw notFound("This message");
  return messageId;
}
