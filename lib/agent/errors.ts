import type { SlotRecord } from "./store-adapter";

/** An error the server maps to an HTTP answer: `httpStatus` and a stable `code`. */
export class AgentError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The 11th message while a run is busy: the server answers 429. */
export class SteeringQueueFullError extends AgentError {
  constructor(readonly limit: number) {
    super("steering_queue_full", 429, `${limit} messages are already waiting for the agent. Wait for it to catch up, then send again.`);
  }
}

export class NotFoundError extends AgentError {
  constructor(what: string) {
    super("not_found", 404, `${what} was not found.`);
  }
}

/** A second, different answer to something that was already answered (first answer wins). */
export class ConflictError extends AgentError {
  constructor(message: string) {
    super("conflict", 409, message);
  }
}

/** An answer this person may not give (e.g. a member granting a tool for everyone). */
export class ForbiddenError extends AgentError {
  constructor(message: string) {
    super("forbidden", 403, message);
  }
}

/** One bad field of a value: its dotted path ("" for the value itself) and what is wrong. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** An answer that does not fit its schema; `message` names the bad fields, `issues` lists them one by one. */
export class ValidationError extends AgentError {
  constructor(
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super("invalid", 400, message);
  }
}

/** What a tool sees from `pushAndWait` when the card was rejected, expired or dismissed. */
export class SlotRejectedError extends Error {
  readonly status: SlotRecord["status"];
  readonly reason: string;
  constructor(slot: SlotRecord) {
    const reason = slot.reason ?? "No reason given.";
    super(`The request was ${slot.status}: ${reason}`);
    this.name = "SlotRejectedError";
    this.status = slot.status;
    this.reason = reason;
  }
}

export class AbortError extends Error {
  constructor(message = "The run was stopped.") {
    super(message);
    this.name = "AbortError";
  }
}

/**
 * The sentence a person sees when a run fails. Trusted: our own errors, lib/models' `ModelError`
 * (its message is written for people; matched by name because lib/agent may not import lib/models)
 * and any error carrying a `userMessage`. Anything else is replaced by a generic sentence, so no
 * upstream body or stack trace reaches a person.
 */
export function userFacingMessage(error: unknown): string {
  if (error instanceof AgentError) return error.message;
  if (error instanceof Error && error.name === "ModelError" && error.message) return error.message;
  const userMessage = (error as { userMessage?: unknown } | null)?.userMessage;
  if (typeof userMessage === "string" && userMessage) return userMessage;
  return "The agent stopped because of an unexpected error. Try again; if it keeps happening, contact support.";
}
