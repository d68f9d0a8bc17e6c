import http from "node:http";

/**
 * Methods the fetch standard forbids: Next cannot build a `Request` for them, so before any
 * middleware or route runs it answers 500 with its HTML page. They are refused here, on the Node
 * server, with the same JSON every other refusal of the API has.
 */
// Of the others, Node's HTTP parser refuses TRACK itself (400), and CONNECT is emitted as
// "connect", never "request": Node closes it.
const FORBIDDEN = new Set(["TRACE"]);
const ALLOW = "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE";

let installed = false;

/** Answers forbidden methods with 405 JSON before Next sees them. Once per process. */
export function refuseForbiddenMethods() {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request" && FORBIDDEN.has((args[0] as http.IncomingMessage).method ?? "")) {
      const body = JSON.stringify({
        error: {
          code: "method_not_allowed",
          message: `This server does not accept that method. Use one of ${ALLOW}.`,
          details: { allow: ALLOW },
        },
      });
      (args[1] as http.ServerResponse)
        .writeHead(405, { "content-type": "application/json", allow: ALLOW, "cache-control": "no-store" })
        .end(body);
      return true;
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
