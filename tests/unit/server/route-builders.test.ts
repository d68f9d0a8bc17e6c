import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  authenticated,
  authenticatedInLookup,
  build,
  type Authenticator,
  type SessionAuthenticator,
} from "@/lib/server/http/route-builders";
import { AppError } from "@/lib/server/http/app-error";
import { innerContext, type UserPrincipal } from "@/lib/server/http/principal";
import { notFound } from "@/lib/server/http/app-error";

const ada: UserPrincipal = { kind: "user", userId: "user-1", sessionId: "sid-1" };
const claiming =
  (current: boolean): Authenticator<UserPrincipal> =>
  async () => ({ principal: ada, isCurrent: async () => current });
const request = (body?: unknown) =>
  new Request(
    "http://app.test/api/x",
    body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );

describe("route builders", () => {
  it("hand the lookup the principal and the handler an actor with the client address", async () => {
    const { ctx, found } = await authenticated(request(), claiming(true), async (actor) => actor.userId);
    expect(found).toBe("user-1");
    expect(ctx).toEqual(innerContext(ada, "local"));
  });

  it("answer 401 for a session that is no longer current, before the lookup's own 404", async () => {
    await expect(authenticated(request(), claiming(false), async () => Promise.reject(notFound()))).rejects.toMatchObject({ status: 401 });
    await expect(
      authenticated(
        request(),
        async () => null,
        async () => "never",
      ),
    ).rejects.toMatchObject({ status: 401 });
    await expect(authenticated(request(), claiming(true), async () => Promise.reject(notFound()))).rejects.toMatchObject({ status: 404 });
  });

  it("parse the body with its schema, after the resolver's errors", async () => {
    const echo = build(async () => innerContext(ada))({ body: z.object({ n: z.number() }) }, async (ctx, { body }) =>
      Response.json({ n: body.n, who: ctx.actor.userId }),
    );
    const params = { params: Promise.resolve({}) };
    expect(await (await echo(request({ n: 2 }), params)).json()).toEqual({ n: 2, who: "user-1" });
    expect((await echo(request({ n: "two" }), params)).status).toBe(422);
    const refused = build(async () => Promise.reject(notFound()))({ body: z.object({ n: z.number() }) }, async () => new Response());
    expect((await refused(request({ n: "two" }), params)).status).toBe(404);
  });

  describe("a lookup that checks the session in its own statement (authenticatedInLookup)", () => {
    const session = { userId: "user-1", sessionId: "sid-1", sessionVersion: 3 };
    /** A claim whose separate session check answers `current` and counts how often it is asked. */
    const claimed = (current: boolean) => {
      const asked = { times: 0 };
      const authenticate: SessionAuthenticator = async () => ({
        principal: ada,
        session,
        isCurrent: async () => (asked.times++, current),
      });
      return { authenticate, asked };
    };

    it("a found row that vouches for the session needs no session check of its own, and the handler does not see the flag", async () => {
      const { authenticate, asked } = claimed(true);
      const { ctx, found } = await authenticatedInLookup(request(), authenticate, async (key) => ({ key, sessionCurrent: true }));
      expect(found).toEqual({ key: session });
      expect(ctx).toEqual(innerContext(ada, "local"));
      expect(asked.times).toBe(0);
    });

    it("a found row that says the session ended is 401, whatever the separate check would say", async () => {
      const { authenticate } = claimed(true);
      await expect(authenticatedInLookup(request(), authenticate, async () => ({ sessionCurrent: false }))).rejects.toMatchObject({
        status: 401,
      });
      await expect(authenticatedInLookup(request(), authenticate, async () => ({}))).rejects.toMatchObject({ status: 401 });
    });

    it("nothing found: the session is checked alone, so an ended one is 401 and a current one gets the caller's 404", async () => {
      const ended = claimed(false);
      await expect(authenticatedInLookup(request(), ended.authenticate, async () => null)).rejects.toMatchObject({ status: 401 });
      const current = claimed(true);
      expect(await authenticatedInLookup(request(), current.authenticate, async () => null)).toMatchObject({ found: null });
      expect(current.asked.times).toBe(1);
    });

    it("a failing lookup (a rate limit) is 401 for an ended session and its own error for a current one", async () => {
      const limited = async () => Promise.reject(new AppError(429, "rate_limited", "Too many messages."));
      await expect(authenticatedInLookup(request(), claimed(false).authenticate, limited)).rejects.toMatchObject({ status: 401 });
      await expect(authenticatedInLookup(request(), claimed(true).authenticate, limited)).rejects.toMatchObject({ status: 429 });
      await expect(authenticatedInLookup(request(), async () => null, limited)).rejects.toMatchObject({ status: 401 });
    });
  });
});
