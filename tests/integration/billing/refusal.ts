import { expect } from "vitest";
import { AppError } from "@/lib/server/http/app-error";

/** The AppError a call is refused with (the test fails if it resolves or throws anything else). */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
