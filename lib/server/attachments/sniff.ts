import type { AttachmentMediaType } from "@/lib/schemas/attachment-limits";

/**
 * What a file is, from its bytes alone: the name and the browser's Content-Type are what a person
 * (or an attacker) says, the signature is what a model, a preview and the GET will get. Unknown
 * bytes are refused rather than passed on as `application/octet-stream`.
 */

export type Sniffed = { ok: true; mediaType: AttachmentMediaType } | { ok: false; reason: "executable" | "unknown"; what?: string };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: { mediaType: AttachmentMediaType; matches: (bytes: Uint8Array) => boolean }[] = [
  { mediaType: "image/png", matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mediaType: "image/jpeg", matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mediaType: "image/gif", matches: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")) },
  { mediaType: "image/webp", matches: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8) },
  { mediaType: "application/pdf", matches: (b) => startsWith(b, ascii("%PDF-")) },
];

// Programs: named so the refusal can say what the file really is.
const EXECUTABLES: { what: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { what: "a Linux program (ELF)", matches: (b) => startsWith(b, [0x7f, 0x45, 0x4c, 0x46]) },
  { what: "a Windows program (MZ)", matches: (b) => startsWith(b, ascii("MZ")) && !isText(b) },
  {
    what: "a macOS program (Mach-O)",
    matches: (b) =>
      [
        [0xfe, 0xed, 0xfa, 0xce],
        [0xfe, 0xed, 0xfa, 0xcf],
        [0xce, 0xfa, 0xed, 0xfe],
        [0xcf, 0xfa, 0xed, 0xfe],
        [0xca, 0xfe, 0xba, 0xbe],
      ].some((s) => startsWith(b, s)),
  },
];

// Controls other than tab, line feed, form feed and carriage return do not occur in text people write.
const BINARY_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** Valid UTF-8 (a BOM allowed) without binary control characters. */
export function isText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !BINARY_CONTROL.test(text);
}

/** Markdown is text whose name says so; the name never makes anything text. */
const MARKDOWN_NAME = /\.(md|markdown)$/i;

export function sniff(bytes: Uint8Array, name: string): Sniffed {
  const executable = EXECUTABLES.find((entry) => entry.matches(bytes));
  if (executable) return { ok: false, reason: "executable", what: executable.what };
  const known = SIGNATURES.find((entry) => entry.matches(bytes));
  if (known) return { ok: true, mediaType: known.mediaType };
  if (bytes.length > 0 && isText(bytes)) return { ok: true, mediaType: MARKDOWN_NAME.test(name) ? "text/markdown" : "text/plain" };
  return { ok: false, reason: "unknown" };
}
