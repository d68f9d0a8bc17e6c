import { FormError } from "./errors";

/** A tool's error answer, typed here because lib/forms does not import lib/agent. */
export interface FormErrorResult {
  status: "error";
  message: string;
  data: { code: string } & Record<string, unknown>;
}

/** The answer a tool gives the model for an engine error: the message says what to do, `code` lets it branch. */
export function formErrorResult(error: unknown): FormErrorResult {
  if (error instanceof FormError) return { status: "error", message: error.message, data: { ...error.data, code: error.code } };
  throw error;
}
