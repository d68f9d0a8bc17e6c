import { createHash } from "node:crypto";
import { NextResponse } from "next/server";
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from "@/lib/db/idempotency-keys";
import { AppError } from "./app-error";
import { toAppError } from "./domain-errors";

/**
 * `Idempotency-Key` for POSTs (the IETF draft, as Stripe does it): a client that retries after a
 * timeout gets the first answer again instead of a second effect. The first request with a key
 * claims it (`in_progress`); its answer, a 2xx or a 4xx, is stored and replayed to every retry with
 * `Idempotent-Replayed: true` (a 429 or a 402 is not stored: it means "later"). A retry while the first still runs is 409 `idempotency_in_progress`;
 * the same key with another request (operation, path or body) is 422 `idempotency_key_reused`. A
 * failure on our side (5xx) lets go of the key, so the retry runs. Keys are remembered 24 hours.
 * Without the header the request simply runs.
 */

/** Who sent the key: keys of different senders never collide. An API key's id; `link:<publicId>` for a capability link. */
export interface IdempotencyScope {
  principalId: string;
  organizationId: string;
}

/** What `run` answers: the status and JSON body to store and replay, and the response to send now when it is not that JSON (a stream). */
export interface IdempotentResult {
  status: number;
  body: unknown;
  response?: Response;
}

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The header's value, null without one; 400 for a value that is not 1–200 printable ASCII characters. */
export function idempotencyKeyOf(request: Request): string | null {
  const raw = request.headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return null;
  if (!KEY_PATTERN.test(raw))
    throw new AppError(
      400,
      "invalid_idempotency_key",
      "Idempotency-Key must be 1 to 200 printable characters without spaces; a UUID is a good choice.",
    );
  return raw;
}

/** The request as far as the answer depends on it: the operation, the path (its ids) and the body, keys sorted. */
export function requestHash(operation: string, request: Request, body: unknown): string {
  return createHash("sha256")
    .update(`${operation}\n${new URL(request.url).pathname}\n${canonicalJson(body)}`)
    .digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

export async function withIdempotency(
  scope: IdempotencyScope,
  request: Request,
  operation: string,
  body: unknown,
  run: () => Promise<IdempotentResult>,
): Promise<Response> {
  const key = idempotencyKeyOf(request);
  if (key === null) return answer(await run());
  const hash = requestHash(operation, request, body);
  const existing = await claimIdempotencyKey({
    principalId: scope.principalId,
    key,
    organizationId: scope.organizationId,
    operation,
    requestHash: hash,
  });
  if (existing) {
    if (existing.requestHash !== hash)
      throw new AppError(
        422,
        "idempotency_key_reused",
        "This Idempotency-Key was used for a different request. Use a new key for every new request.",
      );
    if (existing.status === "in_progress")
      throw new AppError(409, "idempotency_in_progress", "A request with this Idempotency-Key is still running. Retry it in a moment.");
    const replay = NextResponse.json(existing.responseBody, { status: existing.responseStatus ?? 200 });
    replay.headers.set("Idempotent-Replayed", "true");
    return replay;
  }
  let result: IdempotentResult;
  try {
    result = await run();
  } catch (error) {
    const known = toAppError(error);
    // A failure on our side, a 429 or a 402 (they say "later" or "after an upgrade", not "never"): the retry runs again.
    if (!known || known.status === 429 || known.status === 402) {
      await releaseIdempotencyKey(scope.organizationId, scope.principalId, key);
      throw error;
    }
    // A refusal is an answer too: the same request again gets the same refusal (its headers are not kept).
    await completeIdempotencyKey(scope.organizationId, scope.principalId, key, known.status, {
      error: { code: known.code, message: known.message, details: known.details },
    });
    throw known;
  }
  await completeIdempotencyKey(scope.organizationId, scope.principalId, key, result.status, result.body);
  return answer(result);
}

const answer = (result: IdempotentResult) => result.response ?? NextResponse.json(result.body, { status: result.status });
