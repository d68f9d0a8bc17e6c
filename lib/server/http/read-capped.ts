import type { AppError } from "./app-error";

/**
 * A request's body bytes, at most `maxBytes`: a declared length over the cap is refused unread, and a
 * stream that grows past it is cut off at the first chunk over (never held whole). `tooLarge` is the
 * 413 the caller words for what it reads (a JSON body, a file, an inbound event).
 */
export async function readCappedBytes(request: Request, maxBytes: number, tooLarge: () => AppError): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge();
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
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
