/**
 * What may be attached and how much (docs/attachments.md). No zod here: the composer imports these to
 * check a file before it uploads it, and the server enforces the same numbers.
 */

const MB = 1024 * 1024;

export const IMAGE_MEDIA_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const ATTACHMENT_MEDIA_TYPES = [...IMAGE_MEDIA_TYPES, "application/pdf", "text/plain", "text/markdown"] as const;
export type AttachmentMediaType = (typeof ATTACHMENT_MEDIA_TYPES)[number];

export type AttachmentKind = "image" | "pdf" | "text";

export function attachmentKind(mediaType: string): AttachmentKind {
  if (mediaType === "application/pdf") return "pdf";
  return mediaType.startsWith("image/") ? "image" : "text";
}

/**
 * Per file, by what the bytes are. A PDF stays under 10 MB: Next hands a route at most 10 MB of a
 * body when the proxy runs (see MESSAGE_BODY_MAX_BYTES).
 */
export const ATTACHMENT_MAX_BYTES: Record<AttachmentKind, number> = { image: 5 * MB, pdf: 8 * MB, text: 1 * MB };
/** What the upload route reads at most (413 above it): the largest of the limits. */
export const ATTACHMENT_UPLOAD_MAX_BYTES = Math.max(...Object.values(ATTACHMENT_MAX_BYTES));
export const ATTACHMENTS_PER_MESSAGE = 5;
/** All attachments of an organization together. */
export const ORGANIZATION_ATTACHMENT_MAX_BYTES = 1024 * MB;

export const ATTACHMENT_KIND_WORDS: Record<AttachmentKind, string> = { image: "An image", pdf: "A PDF", text: "A text file" };

/** The file picker's list: the types above, and the extensions browsers do not map to them. */
export const ATTACHMENT_ACCEPT = [...ATTACHMENT_MEDIA_TYPES, ".md", ".markdown", ".txt"].join(",");

/** "1.5 MB", "12 KB": sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
