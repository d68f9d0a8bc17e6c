import { describe, expect, it } from "vitest";
import { z } from "zod";
import { authenticated, build, type Authenticator } from "@/lib/server/http/route-builders";
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
});
