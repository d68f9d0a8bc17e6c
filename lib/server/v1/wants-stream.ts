/** The client asked for the answer as it streams (`Accept: text/event-stream`), not for a 202 to poll. */
export const wantsEventStream = (request: Request) => (request.headers.get("accept") ?? "").toLowerCase().includes("text/event-stream");
