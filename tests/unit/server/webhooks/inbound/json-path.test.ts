// The match rule's dotted path reader: nested keys, array indexes, what counts as missing, and which values make a correlation key.
import { describe, expect, it } from "vitest";
import { correlationKeyAt, readPath } from "@/lib/schemas/inbound-path";

const event = {
  data: { order_id: "ORD-42", approved: true, count: 7, nothing: null, nested: { a: 1 } },
  items: [{ id: "first" }, { id: 9 }],
};

describe("readPath", () => {
  it("reads nested keys and array indexes", () => {
    expect(readPath(event, "data.order_id")).toEqual({ found: true, value: "ORD-42" });
    expect(readPath(event, "items.1.id")).toEqual({ found: true, value: 9 });
    expect(readPath(event, "data.nested")).toEqual({ found: true, value: { a: 1 } });
    expect(readPath(event, "data.nothing")).toEqual({ found: true, value: null });
  });

  it("is not found past the end of an array, through a scalar, or at a missing or inherited key", () => {
    expect(readPath(event, "items.2.id")).toEqual({ found: false });
    expect(readPath(event, "items.first")).toEqual({ found: false });
    expect(readPath(event, "data.order_id.length")).toEqual({ found: false });
    expect(readPath(event, "data.missing")).toEqual({ found: false });
    expect(readPath(event, "data.toString")).toEqual({ found: false });
    expect(readPath("text", "data")).toEqual({ found: false });
  });
});

describe("correlationKeyAt", () => {
  it("takes a string as it is and a number as its decimal text", () => {
    expect(correlationKeyAt(event, "data.order_id")).toBe("ORD-42");
    expect(correlationKeyAt(event, "data.count")).toBe("7");
    expect(correlationKeyAt(event, "items.0.id")).toBe("first");
  });

  it("refuses a missing, null, boolean, object, empty or oversized key", () => {
    expect(correlationKeyAt(event, "data.missing")).toBeNull();
    expect(correlationKeyAt(event, "data.nothing")).toBeNull();
    expect(correlationKeyAt(event, "data.approved")).toBeNull();
    expect(correlationKeyAt(event, "data.nested")).toBeNull();
    expect(correlationKeyAt(event, "items")).toBeNull();
    expect(correlationKeyAt({ key: "" }, "key")).toBeNull();
    expect(correlationKeyAt({ key: "x".repeat(201) }, "key")).toBeNull();
  });
});
