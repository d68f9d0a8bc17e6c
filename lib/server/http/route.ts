import { NextResponse } from "next/server";
import { toAppError } from "./domain-errors";
import { logger } from "../logger";

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * Wraps a route handler so every failure becomes a JSON answer: AppErrors with their status,
 * anything else a 500 that is logged and says what to do, never a stack trace.
 */
export function route<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}

export function errorResponse(error: unknown, request?: Request): Response {
  const known = toAppError(error);
  if (known) {
    return NextResponse.json(
      { error: { code: known.code, message: known.message, details: known.details } },
      { status: known.status, headers: known.headers },
    );
  }
  logger.error("unhandled route error", { path: request ? new URL(request.url).pathname : undefined, error });
  return NextResponse.json(
    { error: { code: "internal_error", message: "Something went wrong on our side. Try again; if it keeps happening, contact support." } },
    { status: 500 },
  );
}

export const json = (body: unknown, status = 200) => NextResponse.json(body, { status });
