import http from "node:http";

/** Sees a request before Next does; true when it answered the request itself (Next then never sees it). */
export type NodeRequestHook = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

const hooks: NodeRequestHook[] = [];

/**
 * Runs `hook` on every request of this process's HTTP servers, on the Node server's `request` event,
 * in the order the hooks were added: the one layer below Next where a handler can see what Next
 * cannot route, and the socket Next hides from route handlers. One wrapper of `emit` for all hooks.
 */
export function onEveryRequest(hook: NodeRequestHook) {
  if (hooks.includes(hook)) return;
  if (hooks.length === 0) {
    const emit = http.Server.prototype.emit;
    http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
      if (event === "request") {
        const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
        if (hooks.some((each) => each(request, response))) return true;
      }
      return Reflect.apply(emit, this, [event, ...args]) as boolean;
    } as typeof emit;
  }
  hooks.push(hook);
}
