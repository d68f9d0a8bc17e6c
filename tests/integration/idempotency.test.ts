// Idempotency-Key over Postgres: the first request runs and its answer (2xx or 4xx) is replayed to
// retries, a retry while it runs is 409, the key with another request is 422, a failure on our side
// or a 429 lets go of the key, keys of different senders never collide, and keys older than 24 h are gone.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AppError, notFound, tooManyRequests } from "@/lib/server/http/app-error";
import { withIdempotency, type IdempotentResult } from "@/lib/server/http/idempotency";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "./store/support";

const OPERATION = "POST /api/v1/inbox/{id}/resolve";
const post = (key: string | null, path = "/api/v1/inbox/inb_1/resolve") =>
  new Request(`http://localhost${path}`, { method: "POST", headers: key === null ? {} : { "Idempotency-Key": key } });

/** A `run` that counts its calls. */
function counted(result: () => Promise<IdempotentResult>) {
  const run = async () => {
    run.calls += 1;
    return result();
  };
  run.calls = 0;
  return run;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("withIdempotency", () => {
  it("runs once; a retry with the same key and body gets the stored answer, marked replayed", async () => {
    const tenant = await createTenant("idem");
    const scope = { principalId: `key-${randomUUID()}`, organizationId: tenant.organizationId };
    const key = randomUUID();
    const run = counted(async () => ({ status: 200, body: { item: { id: "inb_1" }, changed: true } }));
    const first = await withIdempotency(scope, post(key), OPERATION, { response: { approved: true, note: "ok" } }, run);
    expect(first.status).toBe(200);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    // Keys sorted: the same body written in another order is the same request.
    const again = await withIdempotency(scope, post(key), OPERATION, { response: { note: "ok", approved: true } }, run);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual({ item: { id: "inb_1" }, changed: true });
    expect(run.calls).toBe(1);
  });

  it("the same key with another body or path is 422 idempotency_key_reused, and nothing runs", async () => {
    const tenant = await createTenant("idem");
    const scope = { principalId: `key-${randomUUID()}`, organizationId: tenant.organizationId };
    const key = randomUUID();
    const run = counted(async () => ({ status: 200, body: { ok: true } }));
    await withIdempotency(scope, post(key), OPERATION, { response: "yes" }, run);
    expect((await refusal(withIdempotency(scope, post(key), OPERATION, { response: "no" }, run))).code).toBe("idempotency_key_reused");
    const otherPath = post(key, "/api/v1/inbox/inb_2/resolve");
    expect((await refusal(withIdempotency(scope, otherPath, OPERATION, { response: "yes" }, run))).status).toBe(422);
    expect(run.calls).toBe(1);
  });

  it("a retry while the first request still runs is 409 idempotency_in_progress; afterwards it replays", async () => {
    const tenant = await createTenant("idem");
    const scope = { principalId: `key-${randomUUID()}`, organizationId: tenant.organizationId };
    const key = randomUUID();
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const slow = counted(async () => {
      await gate;
      return { status: 201, body: { conversation: { id: "c1" } } };
    });
    const first = withIdempotency(scope, post(key), OPERATION, {}, slow);
    await expect
      .poll(async () => (await getTestPrisma().idempotencyKey.count({ where: { principalId: scope.principalId } })) === 1)
      .toBe(true);
    const concurrent = await refusal(withIdempotency(scope, post(key), OPERATION, {}, slow));
    expect(concurrent).toMatchObject({ status: 409, code: "idempotency_in_progress" });
    finish();
    expect((await first).status).toBe(201);
    const replay = await withIdempotency(scope, post(key), OPERATION, {}, slow);
    expect(replay.status).toBe(201);
    expect(slow.calls).toBe(1);
  });

  it("a 4xx is an answer too: stored and replayed with its error body", async () => {
    const tenant = await createTenant("idem");
    const scope = { principalId: `key-${randomUUID()}`, organizationId: tenant.organizationId };
    const key = randomUUID();
    const run = counted(async () => {
      throw notFound("This inbox item");
    });
    expect((await refusal(withIdempotency(scope, post(key), OPERATION, {}, run))).status).toBe(404);
    const replay = await withIdempotency(scope, post(key), OPERATION, {}, run);
    expect(replay.status).toBe(404);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe("not_found");
    expect(run.calls).toBe(1);
  });

  it("a failure on our side, or a 429, lets go of the key: the retry runs", async () => {
    const tenant = await createTenant("idem");
    const scope = { principalId: `key-${randomUUID()}`, organizationId: tenant.organizationId };
    const key = randomUUID();
    const failures = [new Error("database went away"), tooManyRequests("Too many messages.", 5)];
    const run = counted(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return { status: 202, body: { run_id: "r1" } };
    });
    await expect(withIdempotency(scope, post(key), OPERATION, {}, run)).rejects.toThrow("database went away");
    expect((await refusal(withIdempotency(scope, post(key), OPERATION, {}, run))).status).toBe(429);
    expect((await withIdempotency(scope, post(key), OPERATION, {}, run)).status).toBe(202);
    expect(run.calls).toBe(3);
  });

  it("keys of different senders never collide, and no header means no bookkeeping", async () => {
    const tenant = await createTenant("idem");
    const key = randomUUID();
    const run = counted(async () => ({ status: 200, body: { ok: true } }));
    for (const principalId of [`key-${randomUUID()}`, `link:inb_${randomUUID().replaceAll("-", "")}`])
      expect(
        (await withIdempotency({ principalId, organizationId: tenant.organizationId }, post(key), OPERATION, {}, run)).headers.get(
          "Idempotent-Replayed",
        ),
      ).toBeNull();
    const scope = { principalId: `key-${randomUUID()}`, organizationId: tenant.organizationId };
    await withIdempotency(scope, post(null), OPERATION, {}, run);
    await withIdempotency(scope, post(null), OPERATION, {}, run);
    expect(run.calls).toBe(4);
    expect(await getTestPrisma().idempotencyKey.count({ where: { principalId: scope.principalId } })).toBe(0);
  });

  it("refuses a key that is empty, too long or has spaces with 400", async () => {
    const tenant = await createTenant("idem");
    const scope = { principalId: `key-${randomUUID()}`, organizationId: tenant.organizationId };
    const run = counted(async () => ({ status: 200, body: {} }));
    for (const bad of ["", "x".repeat(201), "has space"])
      expect(await refusal(withIdempotency(scope, post(bad), OPERATION, {}, run))).toMatchObject({
        status: 400,
        code: "invalid_idempotency_key",
      });
    expect(run.calls).toBe(0);
  });

  it("a key older than 24 hours is forgotten: the request runs again, and expired keys are swept on the way", async () => {
    const tenant = await createTenant("idem");
    const scope = { principalId: `key-${randomUUID()}`, organizationId: tenant.organizationId };
    const key = randomUUID();
    const stale = { principalId: `key-${randomUUID()}`, key: "stale" };
    const prisma = getTestPrisma();
    const run = counted(async () => ({ status: 200, body: { n: run.calls } }));
    await withIdempotency(scope, post(key), OPERATION, { a: 1 }, run);
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await prisma.idempotencyKey.create({
      data: { ...stale, organizationId: tenant.organizationId, operation: OPERATION, requestHash: "x", status: "done", createdAt: dayAgo },
    });
    await prisma.idempotencyKey.update({
      where: { organizationId_principalId_key: { organizationId: scope.organizationId, principalId: scope.principalId, key } },
      data: { createdAt: dayAgo },
    });
    // Another body: after the window the key is free again, not "reused".
    const rerun = await withIdempotency(scope, post(key), OPERATION, { a: 2 }, run);
    expect(await rerun.json()).toEqual({ n: 2 });
    expect(rerun.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await prisma.idempotencyKey.count({ where: stale })).toBe(0);
  });

  it("a key left in progress by a server that died is taken over by a retry after five minutes", async () => {
    const tenant = await createTenant("idem");
    const scope = { principalId: `key-${randomUUID()}`, organizationId: tenant.organizationId };
    const key = randomUUID();
    const prisma = getTestPrisma();
    const base = { ...scope, key, operation: OPERATION, requestHash: "left-behind", status: "in_progress" };
    await prisma.idempotencyKey.create({ data: { ...base, createdAt: new Date(Date.now() - 60_000) } });
    const run = counted(async () => ({ status: 200, body: { ok: true } }));
    expect((await refusal(withIdempotency(scope, post(key), OPERATION, {}, run))).status).toBe(422);
    await prisma.idempotencyKey.update({
      where: { organizationId_principalId_key: { organizationId: scope.organizationId, principalId: scope.principalId, key } },
      data: { createdAt: new Date(Date.now() - 6 * 60_000) },
    });
    expect((await withIdempotency(scope, post(key), OPERATION, {}, run)).status).toBe(200);
    expect(run.calls).toBe(1);
  });
});
