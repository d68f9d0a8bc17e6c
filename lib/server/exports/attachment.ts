/**
 * A `Content-Disposition: attachment` header for a file named after a title: an ASCII fallback
 * (letters, digits, dashes) and the UTF-8 name (RFC 6266 / 5987), so no quote or line break of a
 * title can reach the header.
 */
export function attachment(title: string, extension: string): string {
  const ascii =
    title
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80)
      .toLowerCase() || "conversation";
  const utf8 =
    title
      .replace(/[\u0000-\u001f\u007f/\\]+/g, " ")
      .trim()
      .slice(0, 120) || "conversation";
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${rfc5987(`${utf8}.${extension}`)}`;
}

// encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987's attr-char does not allow.
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
