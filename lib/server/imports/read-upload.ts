import { AppError } from "@/lib/server/http/app-error";
import { readCappedBytes } from "@/lib/server/http/read-capped";

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
  if (!request.body) throw new AppError(400, "empty_body", "Send the file to import as the request body.");
  const bytes = await readCappedBytes(request, maxBytes, () => tooLarge(maxBytes));
  if (bytes.byteLength === 0) throw new AppError(400, "empty_body", "The file is empty. Choose the exported file.");
  return bytes;
}

const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    "payload_too_large",
    `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB. Import a smaller export, or split it.`,
  );
