import http from "node:http";

/**
 * The header that carries the TCP peer's address to route handlers. Next gives a handler no socket;
 * its own `x-forwarded-for` is the socket's address only when the client sent none (it keeps a
 * client's header as it is: `??=` in next/dist/server/base-server.js), so it proves nothing
 * without a proxy. This header is overwritten on every request, whatever the client sent.
 */
export const PEER_ADDRESS_HEADER = "x-handoff-peer-address";

let installed = false;

/** Stamps every incoming request of this process's HTTP servers with its socket's address. Once per process. */
export function stampPeerAddresses() {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
