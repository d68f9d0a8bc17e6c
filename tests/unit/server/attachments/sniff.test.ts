import { describe, expect, it } from "vitest";
import { sniff } from "@/lib/server/attachments/sniff";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)));

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

describe("the type of a file, from its bytes", () => {
  it.each([
    ["a PNG", new Uint8Array(PNG), "photo.png", "image/png"],
    ["a JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF"), "photo.jpg", "image/jpeg"],
    ["a GIF", bytes("GIF89a", [1, 0, 1, 0]), "x.gif", "image/gif"],
    ["a WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "x.webp", "image/webp"],
    ["a PDF", bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), "report.pdf", "application/pdf"],
    ["UTF-8 text", new TextEncoder().encode("Grüße, ça va? 日本語\n\ttabbed"), "notes.txt", "text/plain"],
    ["Markdown (text named .md)", new TextEncoder().encode("# Title\n\n- item"), "README.md", "text/markdown"],
  ])("%s is accepted", (_what, file, name, mediaType) => {
    expect(sniff(file, name)).toEqual({ ok: true, mediaType });
  });

  it("ignores the name: a PNG named report.pdf is a PNG, text named photo.png is text", () => {
    expect(sniff(new Uint8Array(PNG), "report.pdf")).toEqual({ ok: true, mediaType: "image/png" });
    expect(sniff(new TextEncoder().encode("hello"), "photo.png")).toEqual({ ok: true, mediaType: "text/plain" });
  });

  it("refuses a Linux program renamed photo.png, a Windows one and a Mach-O one, saying what they are", () => {
    expect(sniff(bytes([0x7f], "ELF", [2, 1, 1, 0, 0, 0, 0, 0]), "photo.png")).toEqual({
      ok: false,
      reason: "executable",
      what: "a Linux program (ELF)",
    });
    expect(sniff(bytes("MZ", [0x90, 0, 3, 0, 0, 0]), "photo.png")).toMatchObject({
      ok: false,
      reason: "executable",
      what: "a Windows program (MZ)",
    });
    expect(sniff(bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]), "notes.txt")).toMatchObject({ ok: false, reason: "executable" });
  });

  it("reads text that merely starts with MZ as text", () => {
    expect(sniff(new TextEncoder().encode("MZ is the start of my notes"), "notes.txt")).toEqual({ ok: true, mediaType: "text/plain" });
  });

  it("refuses invalid UTF-8, binary controls and unknown bytes", () => {
    expect(sniff(bytes("caf", [0xe9], " au lait"), "latin1.txt")).toEqual({ ok: false, reason: "unknown" });
    expect(sniff(bytes("text", [0, 1, 2], "more"), "notes.txt")).toEqual({ ok: false, reason: "unknown" });
    expect(sniff(bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), "archive.txt")).toEqual({ ok: false, reason: "unknown" });
    expect(sniff(new Uint8Array(), "empty.txt")).toEqual({ ok: false, reason: "unknown" });
  });
});
