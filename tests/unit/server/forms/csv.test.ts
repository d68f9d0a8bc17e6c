import { describe, expect, it } from "vitest";
import { csvCell, csvRow, csvValue } from "@/lib/server/forms/csv";

describe("the CSV encoder", () => {
  it("leaves plain cells alone and ends rows with CRLF", () => {
    expect(csvRow(["a", "b c", ""])).toBe("a,b c,\r\n");
  });

  it("quotes cells with a comma, a quote, CR or LF, doubling the quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
  });

  it("prefixes a cell a spreadsheet would run as a formula with an apostrophe", () => {
    for (const start of ["=", "+", "-", "@", "\t"]) expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("keeps unicode as it is", () => {
    expect(csvRow(["Zoë", "東京", "😀,ok"])).toBe('Zoë,東京,"😀,ok"\r\n');
  });

  it("writes values as a person reads them", () => {
    expect(csvValue(["fuel", "hotel"])).toBe("fuel; hotel");
    expect(csvValue(true)).toBe("yes");
    expect(csvValue(false)).toBe("no");
    expect(csvValue(612.5)).toBe("612.5");
    expect(csvValue(null)).toBe("");
    expect(csvValue(undefined)).toBe("");
    expect(csvValue({ amount: 3 })).toBe('{"amount":3}');
    // A negative number is guarded too: it is a cell that starts with "-".
    expect(csvCell(csvValue(-5))).toBe("'-5");
  });
});
