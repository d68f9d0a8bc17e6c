import { NextResponse } from "next/server";
import { toAppError } from "./domain-errors";
import { logger } from "../logger";
import { crossOriginRefusal } from "./same-origin";
import { withApiHeaders } from "./security-headers";

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * Wraps a route handler. First the CSRF rule (same-origin.ts): a cookie-carrying write from another
 * origin is refused before anything runs (the proxy does not run for /api: docs/benchmarks.md says
 * what it cost). Then every failure becomes a JSON answer: AppErrors with their status, a database
 * that is away a 503 with Retry-After, anything else a 500 that is logged and says what to do, never
 * a stack trace. Every answer gets the API's headers (security-headers.ts `withApiHeaders`).
 */
export function route<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    let response: Response;
    try {
      response = crossOriginRefusal(request, new URL(request.url).pathname) ?? (await handler(request, context));
    } catch (error) {
      response = errorResponse(error, request);
    }
    return withApiHeaders(response);
  };
}

export function errorResponse(error: unknown, request?: Request): Response {
  const known = toAppError(error);
  if (known) {
    if (known.status === 503)
      logger.warn("a request found the database unavailable", { path: request ? new URL(request.url).pathname : undefined, error });
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
