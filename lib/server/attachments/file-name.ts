/**
 * A file name as the person's browser sent it, made safe to show and to put in a header: only the
 * last path segment, no control or bidirectional-override characters (which can make
 * "gpj.exe" read as "exe.jpg"), at most 200 characters, and never empty.
 */
const UNSAFE = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_CHARS = 200;

export function sanitizeFileName(raw: string | undefined): string {
  const lastSegment = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = lastSegment.toWellFormed().replace(UNSAFE, "").trim();
  const name = cleaned === "." || cleaned === ".." ? "" : cleaned;
  return [...name].slice(0, MAX_CHARS).join("") || "file";
}
