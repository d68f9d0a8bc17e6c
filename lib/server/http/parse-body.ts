import type { z } from "zod";
import { AppError } from "./app-error";
import { readCappedBytes } from "./read-capped";

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a JSON body with a size cap and validates it against a zod schema.
 * 413 when too large, 415 when not JSON, 400 when malformed, 422 with the zod issues when invalid.
 */
export async function parseJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<z.infer<S>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!isJsonMediaType(request.headers.get("content-type"))) {
    throw new AppError(415, "unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  const raw = await readCapped(request, maxBytes);
  let json: unknown;
  try {
    json = raw.length === 0 ? {} : JSON.parse(raw);
  } catch {
    throw new AppError(400, "invalid_json", "The request body is not valid JSON.");
  }
  return parseWith(schema, json);
}

/**
 * The media type must be exactly application/json (parameters such as charset allowed), also for
 * an empty body: a cross-site page can send text/plain or no type without a CORS preflight, never
 * application/json, so this is half of the CSRF defence (proxy.ts checks Origin).
 */
export function isJsonMediaType(contentType: string | null): boolean {
  return contentType?.split(";", 1)[0].trim().toLowerCase() === "application/json";
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
    throw new AppError(422, "validation_failed", `Fix these fields: ${summary}`, { issues });
  }
  return parsed.data;
}

const tooLarge = (maxBytes: number) =>
  new AppError(413, "payload_too_large", `The request body is larger than ${Math.floor(maxBytes / 1024)} KB. Send less.`);

async function readCapped(request: Request, maxBytes: number): Promise<string> {
  return Buffer.from(await readCappedBytes(request, maxBytes, () => tooLarge(maxBytes))).toString("utf8");
}
