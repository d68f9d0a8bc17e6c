/** An error a route answers with its own status and a JSON body that says what to fix. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (what = "This resource") =>
  new AppError(404, "not_found", `${what} was not found, or you do not have access to it.`);

export const forbidden = (message: string) => new AppError(403, "forbidden", message);

export const unauthorized = () => new AppError(401, "unauthorized", "You are signed out. Sign in and try again.");

export const conflict = (message: string, details?: unknown) => new AppError(409, "conflict", message, details);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, "rate_limited", message, { retryAfterSeconds }, { "Retry-After": String(Math.ceil(retryAfterSeconds)) });

/** A plan limit is reached (lib/server/billing/limits.ts): `details` is a `planLimitDetails` (lib/schemas/billing.ts). */
export const paymentRequired = (message: string, details: unknown) => new AppError(402, "plan_limit", message, details);
