import { onEveryRequest, type NodeRequestHook } from "./node-requests";

/**
 * The header that carries the TCP peer's address to route handlers. Next gives a handler no socket;
 * its own `x-forwarded-for` is the socket's address only when the client sent none (it keeps a
 * client's header as it is: `??=` in next/dist/server/base-server.js), so it proves nothing
 * without a proxy. This header is overwritten on every request, whatever the client sent.
 */
export const PEER_ADDRESS_HEADER = "x-handoff-peer-address";

const stamp: NodeRequestHook = (request) => {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  return false;
};

/** Stamps every incoming request of this process's HTTP servers with its socket's address. */
export function stampPeerAddresses() {
  onEveryRequest(stamp);
}
