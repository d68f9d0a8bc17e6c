/**
 * Markdown made plain text, for "Copy as text": what a reader sees, without the marks. Code keeps
 * its exact characters (no mark inside a code block or span is touched); list items keep a
 * readable "- " or "1. "; table rows become tab-separated cells (a spreadsheet pastes them as
 * columns). Pure and line-based: the agent's markdown, not every corner of CommonMark.
 */
export function markdownToText(markdown: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length && line.trim() === fenceMark) fence = null;
      else out.push(line);
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    const text = blockLine(line);
    if (text !== null) out.push(text);
  }
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** One line outside code blocks; null drops it (a rule, a table's separator row). */
function blockLine(line: string): string | null {
  if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) return null;
  if (TABLE_SEPARATOR.test(line) && line.includes("-") && line.includes("|")) return null;
  if (/^\s*\|.*\|\s*$/.test(line)) {
    return line
      .trim()
      .replace(/^\||\|$/g, "")
      .split(/(?<!\\)\|/)
      .map((cell) => inline(cell.trim()))
      .join("\t");
  }
  let rest = line.replace(/^\s*(>\s?)+/, "");
  rest = rest.replace(/^\s{0,3}#{1,6}\s+/, "").replace(/\s+#+\s*$/, "");
  const item = /^(\s*)([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?(.*)$/.exec(rest);
  if (item) {
    const [, indent, marker, , body] = item;
    return `${indent}${/\d/.test(marker) ? marker : "-"} ${inline(body)}`;
  }
  return inline(rest);
}

/** Inline marks: code spans are kept verbatim, the rest loses emphasis, links and images keep their words. */
function inline(text: string): string {
  return text
    .split(/(`+[^`]*`+)/)
    .map((part, index) => (index % 2 === 1 ? part.replace(/^`+\s?|\s?`+$/g, "") : prose(part)))
    .join("");
}

// An escaped mark is held as a private-use character while the marks are removed, then written bare.
const HELD = 0xe000;

function prose(text: string): string {
  return (
    text
      .replace(/\\([\\`*_{}[\]()#+\-.!|~>])/g, (_, mark: string) => String.fromCharCode(HELD + mark.charCodeAt(0)))
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
      .replace(/<(https?:\/\/[^>\s]+)>/g, "$1")
      .replace(/<\/?[a-z][^>]*>/gi, "")
      .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, "$1")
      .replace(/\*(?=\S)(.+?)(?<=\S)\*/g, "$1")
      // Underscores mark emphasis only at word edges: snake_case names stay whole.
      .replace(/(?<!\w)__(?=\S)(.+?)(?<=\S)__(?!\w)/g, "$1")
      .replace(/(?<!\w)_(?=\S)(.+?)(?<=\S)_(?!\w)/g, "$1")
      .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, "$1")
      .replace(/[\ue000-\ue0ff]/g, (held) => String.fromCharCode(held.charCodeAt(0) - HELD))
  );
}
