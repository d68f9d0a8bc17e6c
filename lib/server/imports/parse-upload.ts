import { IMPORT_MAX_UNZIPPED_BYTES } from "@/lib/schemas/conversation-export";
import { AppError } from "@/lib/server/http/app-error";
import { fromChatGpt, isChatGptExport } from "./chatgpt";
import { fromHandoff, isHandoffExport } from "./handoff";
import type { ImportedConversation } from "./imported-conversation";
import { extractFromZip, isZip } from "./unzip";

export interface ParsedUpload {
  source: "handoff" | "chatgpt";
  conversations: ImportedConversation[];
}

/**
 * What the bytes are, from the bytes (not the name or the declared type): a zip (ChatGPT's export,
 * its conversations.json inside), ChatGPT's conversations.json (a list of conversations with
 * `mapping`), one Handoff export document, or JSON lines of them (the organization export).
 */
export function parseUpload(bytes: Uint8Array): ParsedUpload {
  const text = decode(isZip(bytes) ? extractFromZip(bytes, "conversations.json", IMPORT_MAX_UNZIPPED_BYTES) : bytes);
  const whole = parseJson(text);
  if (whole.ok) {
    if (isChatGptExport(whole.value)) return { source: "chatgpt", conversations: fromChatGpt(whole.value) };
    if (Array.isArray(whole.value)) return { source: "handoff", conversations: fromHandoff(whole.value) };
    if (isHandoffExport(whole.value)) return { source: "handoff", conversations: fromHandoff([whole.value]) };
    throw unknownFormat();
  }
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const documents = lines.map((line, index) => {
    const parsed = parseJson(line);
    if (!parsed.ok)
      throw new AppError(400, "invalid_json", `Line ${index + 1} of the file is not valid JSON. Upload the file as it was exported.`);
    return parsed.value;
  });
  if (documents.length < 2 || !documents.every(isHandoffExport)) throw unknownFormat();
  return { source: "handoff", conversations: fromHandoff(documents) };
}

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AppError(400, "invalid_encoding", "The file is not UTF-8 text. Upload the JSON file or the zip as exported.");
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const unknownFormat = () =>
  new AppError(
    422,
    "unknown_import_format",
    "This file is neither a Handoff conversation export (JSON or JSON lines) nor ChatGPT's data export (its zip, or conversations.json).",
  );
