import { AppError } from "@/lib/server/http/app-error";

/** What one inbound event may weigh. */
export const INBOUND_MAX_BODY_BYTES = 256 * 1024;

const tooLarge = () => new AppError(413, "payload_too_large", `The event is larger than ${INBOUND_MAX_BODY_BYTES / 1024} KB. Send less.`);

/**
 * The request body as it came, read once (signatures are over these exact bytes) and capped: a
 * declared length over the cap is refused unread, a stream that grows past it is cut off.
 */
export async function readRawBody(request: Request, maxBytes = INBOUND_MAX_BODY_BYTES): Promise<string> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge();
  if (!request.body) return "";
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
  return Buffer.concat(chunks).toString("utf8");
}
