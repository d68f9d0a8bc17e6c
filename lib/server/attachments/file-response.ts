import type { StoredAttachment } from "./blob-store";
import { attachmentKind } from "@/lib/schemas/attachment-limits";

/** `filename` for old clients (ASCII only, no quotes), `filename*` with the real name (RFC 6266). */
function contentDisposition(disposition: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A stored file as the browser gets it: the type detected at upload (never sniffed again:
 * nosniff), images inline for previews and everything else as a download. Its CSP is the proxy's
 * for every API answer (`sandbox; default-src 'none'`, security-headers.ts), which replaces any a
 * route sets.
 */
export function fileResponse(file: StoredAttachment): Response {
  const kind = attachmentKind(file.media_type);
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "content-type": kind === "text" ? `${file.media_type}; charset=utf-8` : file.media_type,
      "content-length": String(file.bytes.byteLength),
      "content-disposition": contentDisposition(kind === "image" ? "inline" : "attachment", file.name),
      "x-content-type-options": "nosniff",
      // The id names these bytes forever; only this person's browser may keep them.
      "cache-control": "private, max-age=3600",
    },
  });
}
