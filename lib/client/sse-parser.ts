/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML §9.2): feed it text as it
 * arrives, in chunks that may split a line or a frame anywhere, and it reports whole frames.
 */

export interface SseFrame {
  /** The frame's `id:`, or undefined when it had none. */
  id?: string;
  /** `event:`; "message" when the frame named none. */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
}

export interface SseParser {
  /** Parses what arrived; calls `onFrame` for each frame it completes. */
  feed(chunk: string): void;
  /** Called at the end of the stream: a frame without its closing blank line is dropped, as browsers do. */
  end(): void;
}

export function createSseParser(onFrame: (frame: SseFrame) => void, onComment?: (text: string) => void): SseParser {
  let buffer = "";
  let data: string[] = [];
  let event = "";
  let id: string | undefined;
  let sawField = false;
  let started = false;

  const dispatch = () => {
    if (sawField && data.length > 0) onFrame({ ...(id !== undefined && { id }), event: event || "message", data: data.join("\n") });
    data = [];
    event = "";
    id = undefined;
    sawField = false;
  };

  const line = (text: string) => {
    if (text === "") return dispatch();
    if (text.startsWith(":")) return onComment?.(text.slice(1).trimStart());
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    sawField = true;
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id" && !value.includes("\0")) id = value;
  };

  return {
    feed(chunk) {
      buffer += chunk;
      // A byte-order mark may open the stream only.
      if (!started && buffer.length > 0) {
        started = true;
        if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      }
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== "\n" && char !== "\r") continue;
        // A "\r" at the very end may be the first half of "\r\n": wait for the next chunk.
        if (char === "\r" && i === buffer.length - 1) break;
        line(buffer.slice(start, i));
        if (char === "\r" && buffer[i + 1] === "\n") i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = "";
      data = [];
      sawField = false;
    },
  };
}
