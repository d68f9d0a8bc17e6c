import { createHash } from "node:crypto";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { getPgPool } from "@/lib/db/pg-pool";
import type { CounterState } from "@/lib/db/rate-counters";
import { tooManyRequests } from "./http/app-error";

/**
 * Limits shared by every server instance: counters live in Postgres (table rate_limits,
 * created by the migrations, so the limiter never issues DDL at run time).
 */
export interface LimitSpec {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
  blockSeconds?: number;
}

const limiters = new Map<string, RateLimiterPostgres>();

function limiter(spec: LimitSpec) {
  let found = limiters.get(spec.keyPrefix);
  if (!found) {
    found = new RateLimiterPostgres({
      storeClient: getPgPool("counters"),
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: spec.keyPrefix,
      points: spec.points,
      duration: spec.durationSeconds,
      blockDuration: spec.blockSeconds ?? 0,
    });
    limiters.set(spec.keyPrefix, found);
  }
  return found;
}

/**
 * Failed sign-ins lock the (email, address) pair, not the email: a lock on the email alone would
 * let anyone lock its owner out. Per email they only slow down (signInDelayMs).
 */
export const SIGN_IN_FAILURES_PER_EMAIL_AND_IP: LimitSpec = {
  keyPrefix: "signin-email-ip",
  points: 5,
  durationSeconds: 15 * 60,
  blockSeconds: 15 * 60,
};
/** Counted, never refused: the count sets the delay. Its points only bound the counter. */
export const SIGN_IN_FAILURES_PER_EMAIL: LimitSpec = { keyPrefix: "signin-email-slow", points: 1_000_000, durationSeconds: 15 * 60 };
export const SIGN_IN_FAILURES_PER_IP: LimitSpec = { keyPrefix: "signin-ip", points: 30, durationSeconds: 15 * 60, blockSeconds: 15 * 60 };
/** Requests to /api/v1 with a bad API key (malformed, unknown, revoked, expired), per address (api-key-authenticator.ts). */
export const API_KEY_FAILURES_PER_IP: LimitSpec = {
  keyPrefix: "apikey-fail-ip",
  points: 20,
  durationSeconds: 10 * 60,
  blockSeconds: 10 * 60,
};
export const SIGN_UPS_PER_IP: LimitSpec = { keyPrefix: "signup-ip", points: 20, durationSeconds: 60 * 60 };
/** Uploads per person: one member cannot fill the organization's file quota for everyone in a burst. */
export const UPLOADS_PER_USER: LimitSpec = { keyPrefix: "uploads-user", points: 60, durationSeconds: 60 };
/** Imports per person: each parses up to 50 MB (200 MB unzipped) inside its request. */
export const IMPORTS_PER_USER: LimitSpec = { keyPrefix: "imports-user", points: 20, durationSeconds: 60 * 60 };

/** Longest key stored as it is: the table's key column holds 255 characters with the prefix. */
const KEY_MAX = 200;

/** A key that fits the table: a long one (an email may have 254 characters) by its SHA-256. */
const storedKey = (key: string) => (key.length > KEY_MAX ? createHash("sha256").update(key).digest("hex") : key);

/** Seconds until `key` may try again (its allowance is used up), or 0. Reads without consuming. */
export async function secondsBlocked(spec: LimitSpec, key: string): Promise<number> {
  const res = await limiter(spec).get(storedKey(key));
  if (!res || res.consumedPoints < spec.points) return 0;
  return Math.ceil(res.msBeforeNext / 1000);
}

/** Counts one event; returns seconds to wait when the limit is now exceeded, else 0. */
export async function countEvent(spec: LimitSpec, key: string): Promise<number> {
  try {
    await limiter(spec).consume(storedKey(key));
    return 0;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.ceil(error.msBeforeNext / 1000);
    throw error;
  }
}

/** Events counted for `key` in its current window. */
export async function eventsCounted(spec: LimitSpec, key: string): Promise<number> {
  return (await limiter(spec).get(storedKey(key)))?.consumedPoints ?? 0;
}

/** The pair key of SIGN_IN_FAILURES_PER_EMAIL_AND_IP. */
export const emailAndIp = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;

/**
 * How long a sign-in for an email waits, from every address, once that email has failed more than
 * the pair allowance: 200 ms more per failure, at most 3 s. Slows guessing spread over many
 * addresses while the owner can still get in.
 */
export const signInDelayMs = (emailFailures: number) => Math.min(Math.max(0, emailFailures - 5) * 200, 3000);

export async function resetKey(spec: LimitSpec, key: string) {
  await limiter(spec).delete(storedKey(key));
}

/**
 * The key the library stores `key` under (its `getKey`), for a statement that counts it itself
 * (lib/db/rate-counters.ts). `counterKeyPrefix` is that key without `key`: ids stay under KEY_MAX, stored as they are.
 */
export const counterKey = (spec: LimitSpec, key: string) => `${counterKeyPrefix(spec)}${storedKey(key)}`;
export const counterKeyPrefix = (spec: LimitSpec) => `${spec.keyPrefix}:`;

/**
 * `enforce` for a point a statement counted (rate-counters.ts): the library's decision (its
 * `_afterConsume`) on the counter as the statement left it. Only for specs without a block.
 */
export function enforceCounted(spec: LimitSpec, counted: CounterState, what: string, nowMs = Date.now()) {
  if (spec.blockSeconds) throw new Error(`${spec.keyPrefix} blocks: count it with the library`);
  if (counted.points <= spec.points || counted.expire === null) return;
  const wait = Math.ceil(Math.max(counted.expire - nowMs, 0) / 1000);
  if (wait > 0) throw tooManyRequests(`Too many ${what}. Try again in ${formatWait(wait)}.`, wait);
}

/** Consumes one point and throws a 429 AppError when the limit is exceeded. */
export async function enforce(spec: LimitSpec, key: string, what: string) {
  const wait = await countEvent(spec, key);
  if (wait > 0) throw tooManyRequests(`Too many ${what}. Try again in ${formatWait(wait)}.`, wait);
}

export function formatWait(seconds: number) {
  return seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
}
