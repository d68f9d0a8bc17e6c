import { describe, expect, it } from "vitest";
import { sanitizeFileName } from "@/lib/server/attachments/file-name";

describe("an uploaded file's name", () => {
  it("keeps a normal name, Unicode included", () => {
    expect(sanitizeFileName("Reisekosten März.pdf")).toBe("Reisekosten März.pdf");
  });

  it("keeps only the last path segment and drops control and direction-override characters", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("C:\\Users\\me\\photo.png")).toBe("photo.png");
    expect(sanitizeFileName("invoice\u202egpj.exe")).toBe("invoicegpj.exe");
    expect(sanitizeFileName("a\u0000b\nc.txt")).toBe("abc.txt");
  });

  it("is never empty and at most 200 characters", () => {
    expect(sanitizeFileName(undefined)).toBe("file");
    expect(sanitizeFileName("..")).toBe("file");
    expect(sanitizeFileName("   ")).toBe("file");
    expect([...sanitizeFileName(`${"é".repeat(300)}.txt`)]).toHaveLength(200);
  });
});
