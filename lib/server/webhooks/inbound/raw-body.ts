import { AppError } from "@/lib/server/http/app-error";
import { readCappedBytes } from "@/lib/server/http/read-capped";

/** What one inbound event may weigh. */
export const INBOUND_MAX_BODY_BYTES = 256 * 1024;

const tooLarge = () => new AppError(413, "payload_too_large", `The event is larger than ${INBOUND_MAX_BODY_BYTES / 1024} KB. Send less.`);

/**
 * The request body as it came, read once (signatures are over these exact bytes) and capped: a
 * declared length over the cap is refused unread, a stream that grows past it is cut off.
 */
export async function readRawBody(request: Request, maxBytes = INBOUND_MAX_BODY_BYTES): Promise<string> {
  return Buffer.from(await readCappedBytes(request, maxBytes, tooLarge)).toString("utf8");
}
