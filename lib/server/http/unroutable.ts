import { NextResponse } from "next/server";

// The methods Next's route handlers can answer; for anything else (PROPFIND, PURGE, ...) Next fails with a 500.
// TRACE never gets here: Next cannot build a fetch Request for it (docs/failures.md).
const ROUTABLE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);

const error = (status: number, code: string, message: string) => NextResponse.json({ error: { code, message } }, { status });

/**
 * Requests Next would answer with a 500: a method it does not route (501, as RFC 9110 says for a
 * method the server does not implement) or a path whose percent-escapes do not decode to UTF-8 (400).
 */
export function unroutableRefusal(request: Request, pathname: string): NextResponse | null {
  if (!ROUTABLE_METHODS.has(request.method)) {
    return error(
      501,
      "method_not_implemented",
      `Handoff does not implement ${request.method}. Use GET, POST, PUT, PATCH or DELETE as the API documents.`,
    );
  }
  try {
    decodeURIComponent(pathname);
  } catch {
    return error(400, "invalid_path", "The address has a malformed percent-escape (%XX that is not UTF-8). Fix the path.");
  }
  return null;
}
