import { describe, expect, it } from "vitest";
import { ApiError, apiFetch, NOT_SAVED_MESSAGE, READ_RETRIES } from "@/lib/client/api";

const unavailable = () =>
  Response.json(
    { error: { code: "service_unavailable", message: "Handoff is briefly unavailable." } },
    { status: 503, headers: { "retry-after": "3" } },
  );

/** A fetch that answers from `answers` in turn and records each call's method. */
function scriptedFetch(answers: (() => Response | Promise<Response>)[]) {
  const methods: string[] = [];
  const impl = (async (_path: string, init?: RequestInit) => {
    methods.push(init?.method ?? "GET");
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    return next();
  }) as typeof fetch;
  return { impl, methods };
}

describe("apiFetch while the service is briefly unavailable", () => {
  it("asks a read again, waiting what Retry-After says, until it is answered", async () => {
    const waits: number[] = [];
    const fetch = scriptedFetch([unavailable, () => Promise.reject(new TypeError("fetch failed")), () => Response.json({ ok: 1 })]);
    const body = await apiFetch<{ ok: number }>("/api/x", { fetchImpl: fetch.impl, wait: async (ms) => void waits.push(ms) });
    expect(body).toEqual({ ok: 1 });
    expect(fetch.methods).toEqual(["GET", "GET", "GET"]);
    expect(waits[0]).toBe(3000);
    expect(waits[1]).toBeGreaterThan(0);
  });

  it("gives up on a read after its retries with the server's sentence", async () => {
    const fetch = scriptedFetch(Array.from({ length: READ_RETRIES + 1 }, () => unavailable));
    const failure = apiFetch("/api/x", { fetchImpl: fetch.impl, wait: async () => {} });
    await expect(failure).rejects.toMatchObject({ status: 503, message: "Handoff is briefly unavailable." });
    expect(fetch.methods).toHaveLength(READ_RETRIES + 1);
  });

  it("never repeats a write, and says that nothing was saved", async () => {
    const fetch = scriptedFetch([unavailable, () => Response.json({})]);
    const error = await apiFetch("/api/x", { method: "PATCH", body: { name: "n" }, fetchImpl: fetch.impl, wait: async () => {} }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(NOT_SAVED_MESSAGE);
    expect(fetch.methods).toEqual(["PATCH"]);
  });
});

describe("a write's 503 that is not the database's", () => {
  it("keeps the server's own words", async () => {
    const fetch = scriptedFetch([
      () => Response.json({ error: { code: "unavailable", message: "The agent cannot take messages right now." } }, { status: 503 }),
    ]);
    const error = await apiFetch("/api/x", { method: "POST", body: {}, fetchImpl: fetch.impl }).catch((thrown: unknown) => thrown);
    expect((error as ApiError).message).toBe("The agent cannot take messages right now.");
  });

  it("a proxy's 503 page without our JSON says nothing was saved", async () => {
    const fetch = scriptedFetch([() => new Response("<html>503</html>", { status: 503 })]);
    const error = await apiFetch("/api/x", { method: "POST", body: {}, fetchImpl: fetch.impl }).catch((thrown: unknown) => thrown);
    expect((error as ApiError).message).toBe(NOT_SAVED_MESSAGE);
  });
});
