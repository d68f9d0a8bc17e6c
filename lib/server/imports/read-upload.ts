import { AppError } from "@/lib/server/http/app-error";

/** The media types an import is sent as; any of them needs a CORS preflight, so a cross-site form cannot send one. */
const IMPORT_MEDIA_TYPES = ["application/json", "application/x-ndjson", "application/zip", "application/octet-stream"];

/**
 * The uploaded file's bytes, at most `maxBytes`: 413 as soon as the declared length or the bytes
 * read pass it (the rest is not read), 415 for a media type a plain cross-site form could send.
 */
export async function readUpload(request: Request, maxBytes: number): Promise<Uint8Array> {
  const type = request.headers.get("content-type")?.split(";", 1)[0].trim().toLowerCase() ?? "";
  if (!IMPORT_MEDIA_TYPES.includes(type))
    throw new AppError(415, "unsupported_media_type", `Send the file with Content-Type ${IMPORT_MEDIA_TYPES.join(", ")}.`);
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) throw new AppError(400, "empty_body", "Send the file to import as the request body.");
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    parts.push(value);
  }
  if (total === 0) throw new AppError(400, "empty_body", "The file is empty. Choose the exported file.");
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    "payload_too_large",
    `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB. Import a smaller export, or split it.`,
  );
