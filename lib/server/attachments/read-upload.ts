import { formatBytes } from "@/lib/schemas/attachment-limits";
import { AppError } from "@/lib/server/http/app-error";

const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    "file_too_large",
    `The file is larger than ${formatBytes(maxBytes)}, the most any attachment may be. Attach a smaller file.`,
    {
      max_bytes: maxBytes,
    },
  );

/** The raw body, read as it streams and abandoned at `maxBytes` (413): a huge upload is never held whole. */
export async function readUpload(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
