import type http from "node:http";
import { onEveryRequest, type NodeRequestHook } from "./node-requests";
import { API_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from "./static-headers";
import { strictTransportSecurity } from "./security-headers";

// The methods Next's route handlers can answer; for anything else (PROPFIND, PURGE, ...) Next fails with a 500.
const ROUTABLE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
// Methods the fetch standard forbids: Next cannot build a `Request` for them, so it answers 500 with
// its HTML page. Of the others, Node's HTTP parser refuses TRACK itself (400), and CONNECT is emitted
// as "connect", never "request": Node closes it.
const FORBIDDEN_METHODS = new Set(["TRACE"]);
const ALLOW = "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE";

interface Refusal {
  status: number;
  code: string;
  message: string;
  details?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * Requests Next would answer with a 500: a method the fetch standard forbids (405), a method it does
 * not route (501, as RFC 9110 says for a method the server does not implement), or a path whose
 * percent-escapes do not decode to UTF-8 (400). `url` is the request target as the client sent it.
 */
export function unroutableRefusal(method: string, url: string): Refusal | null {
  if (FORBIDDEN_METHODS.has(method))
    return {
      status: 405,
      code: "method_not_allowed",
      message: `This server does not accept that method. Use one of ${ALLOW}.`,
      details: { allow: ALLOW },
      headers: { allow: ALLOW },
    };
  if (!ROUTABLE_METHODS.has(method))
    return {
      status: 501,
      code: "method_not_implemented",
      message: `Handoff does not implement ${method}. Use GET, POST, PUT, PATCH or DELETE as the API documents.`,
    };
  try {
    decodeURIComponent(url.split(/[?#]/, 1)[0]);
  } catch {
    return {
      status: 400,
      code: "invalid_path",
      message: "The address has a malformed percent-escape (%XX that is not UTF-8). Fix the path.",
    };
  }
  return null;
}

const refuseUnroutable: NodeRequestHook = (request, response) => {
  const refusal = unroutableRefusal(request.method ?? "", request.url ?? "/");
  if (refusal) answer(response, refusal);
  return refusal !== null;
};

/**
 * Answers unroutable requests with JSON on the Node server, before Next (and its proxy) sees them:
 * one place for pages and API alike, at the cost of a Set lookup and a decode per request.
 */
export function refuseUnroutableRequests() {
  onEveryRequest(refuseUnroutable);
}

function answer(response: http.ServerResponse, refusal: Refusal) {
  const hsts = strictTransportSecurity();
  response
    .writeHead(refusal.status, {
      ...Object.fromEntries(STATIC_SECURITY_HEADERS.map(({ key, value }) => [key, value])),
      "content-type": "application/json",
      "cache-control": "no-store",
      "content-security-policy": API_CONTENT_SECURITY_POLICY,
      ...(hsts && { "strict-transport-security": hsts }),
      ...refusal.headers,
    })
    .end(JSON.stringify({ error: { code: refusal.code, message: refusal.message, ...(refusal.details && { details: refusal.details }) } }));
}
