import { describe, expect, test } from "vitest";
import { classifyModelError, parseRetryAfter } from "@/lib/models/classify-error";
import { describeModelError } from "@/lib/models/model-error";

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-01-01T12:00:00Z");

  test("reads seconds, fractional seconds and an HTTP date", () => {
    expect(parseRetryAfter({ "retry-after": "3" }, now)).toBe(3000);
    expect(parseRetryAfter({ "retry-after": "1.5" }, now)).toBe(1500);
    expect(parseRetryAfter({ "retry-after": "Thu, 01 Jan 2026 12:00:30 GMT" }, now)).toBe(30_000);
    expect(parseRetryAfter({ "retry-after": "Thu, 01 Jan 2026 11:00:00 GMT" }, now)).toBe(0);
  });

  test("prefers retry-after-ms, reads Headers objects, and ignores junk", () => {
    expect(parseRetryAfter(new Headers({ "retry-after-ms": "250", "retry-after": "1" }), now)).toBe(250);
    expect(parseRetryAfter({ "retry-after": "soon" }, now)).toBeUndefined();
    expect(parseRetryAfter({ "retry-after": "-4" }, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe("classifyModelError", () => {
  test.each([
    [401, "auth"],
    [403, "auth"],
    [400, "bad_request"],
    [404, "bad_request"],
    [408, "timeout"],
    [429, "rate_limit"],
    [500, "server"],
    [502, "server"],
    [503, "overloaded"],
    [529, "overloaded"],
  ])("HTTP %i is %s, for both SDKs' error shapes", (status, kind) => {
    expect(classifyModelError({ status, headers: new Headers() })?.kind).toBe(kind);
    expect(classifyModelError({ name: "AI_APICallError", statusCode: status, responseHeaders: {} })?.kind).toBe(kind);
  });

  test("network failures, timeouts and aborts are recognised through the cause chain", () => {
    const socket = Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" });
    expect(classifyModelError(new TypeError("terminated", { cause: socket }))?.kind).toBe("network");
    expect(classifyModelError(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))?.kind).toBe("network");
    expect(classifyModelError(Object.assign(new Error("slow"), { code: "UND_ERR_HEADERS_TIMEOUT" }))?.kind).toBe("timeout");
    expect(classifyModelError(new DOMException("stopped", "AbortError"))?.kind).toBe("aborted");
    // The AI SDK reports a stream cut after a 200 as an APICallError with status 200.
    const cut = { name: "AI_APICallError", statusCode: 200, cause: new TypeError("terminated", { cause: socket }) };
    expect(classifyModelError(cut)?.kind).toBe("network");
  });

  test("error types inside a stream are classified", () => {
    expect(classifyModelError({ error: { type: "error", error: { type: "overloaded_error" } } })?.kind).toBe("overloaded");
    expect(classifyModelError({ type: "rate_limit_error" })?.kind).toBe("rate_limit");
  });

  test("our own bugs are not provider failures", () => {
    expect(classifyModelError(new RangeError("bad index"))).toBeUndefined();
    expect(classifyModelError(new TypeError("x is not a function"))).toBeUndefined();
  });
});

describe("describeModelError", () => {
  test("says what happened and what to do, naming the provider and our model id only", () => {
    expect(describeModelError("auth", "openai-compatible:llama3.2", 401)).toBe(
      "The OpenAI-compatible server API key was rejected. Check the key in agent settings.",
    );
    expect(describeModelError("bad_request", "anthropic:claude-nope", 404)).toBe(
      'Anthropic does not know the model "claude-nope". Check the model name in agent settings.',
    );
    expect(describeModelError("network", "google:gemini-x")).toContain("Could not reach Google");
  });
});
