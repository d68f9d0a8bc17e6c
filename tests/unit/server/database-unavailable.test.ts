import { describe, expect, it } from "vitest";
import { DATABASE_BLIP_RUN_MESSAGE, describeDatabaseFailure, isDatabaseUnavailable } from "@/lib/server/database-unavailable";
import { route } from "@/lib/server/http/route";
import shapes from "./database-unavailable-shapes.json";

type Shape = { name: string; message: string; cause?: Shape } & Record<string, unknown>;

/** An Error with the captured own properties, causes rebuilt as Errors too (as the libraries throw them). */
function rebuild(shape: Shape): Error {
  const { name, message, cause, ...rest } = shape;
  const error = Object.assign(new Error(message, cause ? { cause: rebuild(cause) } : undefined), rest);
  error.name = name;
  return error;
}

describe("isDatabaseUnavailable", () => {
  it.each(Object.entries(shapes.unavailable))("is true for %s", (_case, shape) => {
    expect(isDatabaseUnavailable(rebuild(shape as Shape))).toBe(true);
  });

  it.each(Object.entries(shapes.refused))("is false for %s", (_case, shape) => {
    expect(isDatabaseUnavailable(rebuild(shape as Shape))).toBe(false);
  });

  it("looks through causes and aggregated connect errors", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new Error("a write failed", { cause: new AggregateError([refused]) }))).toBe(true);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe("isDatabaseUnavailable and calls to other services", () => {
  const refused = () => Object.assign(new Error("connect ECONNREFUSED 10.0.0.7:443"), { code: "ECONNREFUSED" });

  it("is false for a model call that could not connect, however its causes are wrapped", () => {
    const modelError = Object.assign(new Error("The model server could not be reached.", { cause: refused() }), { name: "ModelError" });
    expect(isDatabaseUnavailable(modelError)).toBe(false);
    expect(isDatabaseUnavailable(new Error("run failed", { cause: modelError }))).toBe(false);
  });

  it("is false for fetch's own failure and for an error already worded for people", () => {
    expect(isDatabaseUnavailable(new TypeError("fetch failed", { cause: refused() }))).toBe(false);
    expect(
      isDatabaseUnavailable(Object.assign(new Error("x", { cause: refused() }), { userMessage: "The webhook receiver is down." })),
    ).toBe(false);
  });
});

describe("describeDatabaseFailure (a run's words for the host)", () => {
  it("names the database for a run that failed while it was away, and leaves other failures to the runtime", () => {
    expect(describeDatabaseFailure(rebuild(shapes.unavailable["prisma transaction while down"] as Shape))).toBe(DATABASE_BLIP_RUN_MESSAGE);
    expect(describeDatabaseFailure(rebuild(shapes.refused["pg syntax error"] as Shape))).toBeNull();
  });
});

describe("route() while the database is away", () => {
  it("answers 503 with Retry-After and a sentence that says it is brief", async () => {
    const handler = route(async () => {
      throw rebuild(shapes.unavailable["prisma transaction while down"] as Shape);
    });
    const response = await handler(new Request("http://localhost/api/x"), {});
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await response.json();
    expect(body.error.code).toBe("service_unavailable");
    expect(body.error.message).toMatch(/briefly unavailable/);
  });

  it("keeps a refused query a 500", async () => {
    const handler = route(async () => {
      throw rebuild(shapes.refused["pg syntax error"] as Shape);
    });
    expect((await handler(new Request("http://localhost/api/x"), {})).status).toBe(500);
  });
});
