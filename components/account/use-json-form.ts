"use client";

import { useState } from "react";
import { ApiError, apiFetch, issuesByField } from "@/lib/client/api";

/** Submit state for a small JSON form: pending flag, per-field errors from the server's 422 issues. */
export function useJsonForm<T>(path: string, method: "POST" | "PATCH") {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();

  async function submit(body: unknown): Promise<T | null> {
    setPending(true);
    setErrors({});
    setFormError(undefined);
    try {
      return await apiFetch<T>(path, { method, body });
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = issuesByField(error.issues);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFormError(error.message);
      } else setFormError("Something went wrong. Try again.");
      return null;
    } finally {
      setPending(false);
    }
  }

  return { submit, pending, errors, formError };
}
