// The templating of HTTP tools: what an input can and cannot do to the URL, the headers and the body,
// and that the shown request never holds a secret's value.
import { describe, expect, it } from "vitest";
import { renderRequest, RenderError, type RequestTemplate } from "@/lib/server/http-tools/render-request";

const template = (over: Partial<RequestTemplate> = {}): RequestTemplate => ({
  method: "POST",
  urlTemplate: "https://api.example.com/orders/{{input.id}}/notes?q={{input.q}}&limit=10",
  headers: {},
  bodyTemplate: null,
  ...over,
});
const noSecrets = new Map<string, string>();
const render = (input: Record<string, unknown>, over: Partial<RequestTemplate> = {}, secrets = noSecrets) =>
  renderRequest(template(over), input, secrets);

/** A small seeded generator (mulberry32), so the "any string" cases are many and repeatable. */
function strings(count: number, seed = 14): string[] {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const alphabet = [
    "/",
    ".",
    "..",
    "?",
    "#",
    "&",
    "=",
    "+",
    "%",
    "%2e",
    "%2F",
    "\\",
    " ",
    "@",
    ":",
    "ä",
    "😀",
    "a",
    "Z",
    "0",
    "\r",
    "\n",
    '"',
    "{{",
    "}}",
  ];
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * 8) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""),
  );
}

describe("renderRequest: the URL", () => {
  it("encodes a path placeholder as one segment and a query placeholder as one value", () => {
    const { sent } = render({ id: "a/b?c#d", q: "x&admin=1 +y" });
    const url = new URL(sent.url);
    expect(url.origin).toBe("https://api.example.com");
    expect(url.pathname).toBe("/orders/a%2Fb%3Fc%23d/notes");
    expect([...url.searchParams.entries()]).toEqual([
      ["q", "x&admin=1 +y"],
      ["limit", "10"],
    ]);
  });

  it.each(["..", ".", "%2e%2e"])("an input cannot climb out of the path (%s stays inside or is refused)", (id) => {
    let url: URL | null = null;
    try {
      url = new URL(render({ id, q: "" }).sent.url);
    } catch (error) {
      expect(error).toBeInstanceOf(RenderError);
    }
    if (url) expect(url.pathname.startsWith("/orders/")).toBe(true);
  });

  it("refuses '..' and '.' as a whole path segment, with a sentence the model can act on", () => {
    expect(() => render({ id: "..", q: "" })).toThrow(/segment of the URL's path/);
    expect(() => render({ id: ".", q: "" })).toThrow(RenderError);
    expect(() => render({ id: "../../admin", q: "" })).not.toThrow();
    expect(new URL(render({ id: "../../admin", q: "" }).sent.url).pathname).toBe("/orders/..%2F..%2Fadmin/notes");
  });

  it("refuses an empty path value (it would change which resource is addressed)", () => {
    expect(() => render({ q: "x" })).toThrow(/"id" is empty/);
  });

  it("for any string, the path keeps its origin and segments and the query value reads back exactly", () => {
    for (const value of strings(400)) {
      let sent;
      try {
        sent = render({ id: value, q: value }).sent;
      } catch (error) {
        expect(error).toBeInstanceOf(RenderError);
        expect(["", ".", ".."]).toContain(value.replaceAll(/%2e/gi, "."));
        continue;
      }
      const url = new URL(sent.url);
      expect(url.origin).toBe("https://api.example.com");
      const segments = url.pathname.split("/");
      expect(segments).toHaveLength(4);
      expect(decodeURIComponent(segments[2])).toBe(value);
      expect(url.searchParams.get("q")).toBe(value);
      expect(url.searchParams.get("limit")).toBe("10");
      expect(url.hash).toBe("");
    }
  });

  it("writes numbers, yes/no and lists as text", () => {
    const { sent } = render({ id: 42, q: ["a", "b"] });
    expect(sent.url).toBe("https://api.example.com/orders/42/notes?q=a%2Cb&limit=10");
    expect(render({ id: true, q: undefined }).sent.url).toBe("https://api.example.com/orders/true/notes?q=&limit=10");
  });
});

describe("renderRequest: headers", () => {
  it("fills inputs and secrets; the shown request keeps {{secret.NAME}}", () => {
    const secrets = new Map([["CRM_TOKEN", "s3cr3t-value"]]);
    const { sent, shown } = render(
      { id: "1", q: "" },
      { headers: { Authorization: "Bearer {{secret.CRM_TOKEN}}", "X-Order": "{{input.id}}" } },
      secrets,
    );
    expect(sent.headers).toMatchObject({ Authorization: "Bearer s3cr3t-value", "X-Order": "1" });
    expect(shown.headers).toMatchObject({ Authorization: "Bearer {{secret.CRM_TOKEN}}", "X-Order": "1" });
    expect(JSON.stringify(shown)).not.toContain("s3cr3t-value");
  });

  it.each(["a\r\nX-Admin: 1", "a\nb", "a\rb", "a\u0000b"])("refuses a header value with CR, LF or a control character (%j)", (value) => {
    expect(() => render({ id: "1", q: "", note: value }, { headers: { "X-Note": "{{input.note}}" } })).toThrow(
      /line break or control character/,
    );
  });

  it.each(["10 €", "naïve ✓", "🙂"])("refuses a header value Node could not send (%j), and keeps Latin-1", (value) => {
    expect(() => render({ id: "1", q: "", note: value }, { headers: { "X-Note": "{{input.note}}" } })).toThrow(
      /character headers cannot carry/,
    );
    expect(render({ id: "1", q: "", note: "café" }, { headers: { "X-Note": "{{input.note}}" } }).sent.headers).toMatchObject({
      "X-Note": "café",
    });
  });

  it("says which secret is missing", () => {
    expect(() => render({ id: "1", q: "" }, { headers: { Authorization: "{{secret.GONE}}" } })).toThrow(/The secret GONE is not set/);
  });

  it("the admin's header wins over a default of the same name in another case", () => {
    const { sent } = renderRequest(template({ headers: { "user-agent": "Mine/2" } }), { id: "1", q: "" }, noSecrets, {
      "User-Agent": "Handoff-HttpTool/1",
    });
    expect(sent.headers).toEqual({ "user-agent": "Mine/2" });
  });

  it("adds the extra headers (the idempotency key) to both versions", () => {
    const { sent, shown } = renderRequest(template(), { id: "1", q: "" }, noSecrets, { "Idempotency-Key": "call_1" });
    expect(sent.headers["Idempotency-Key"]).toBe("call_1");
    expect(shown.headers["Idempotency-Key"]).toBe("call_1");
  });
});

describe("renderRequest: the JSON body", () => {
  const body = {
    order: "{{input.id}}",
    count: "{{input.count}}",
    note: "Order {{input.id}}: {{input.note}}",
    token: "{{secret.KEY}}",
    tags: ["{{input.tags}}"],
  };
  const secrets = new Map([["KEY", 'k"ey\\1']]);

  it("a solo placeholder becomes the JSON value; one inside text is interpolated into the string", () => {
    const { sent } = render({ id: "7", q: "", count: 3, note: 'say "hi"', tags: ["a", "b"] }, { bodyTemplate: body }, secrets);
    expect(JSON.parse(sent.body!)).toEqual({ order: "7", count: 3, note: 'Order 7: say "hi"', token: 'k"ey\\1', tags: [["a", "b"]] });
    expect(sent.headers["Content-Type"]).toBe("application/json");
  });

  it("a string input never becomes raw JSON (no injection of keys)", () => {
    const evil = '", "admin": true, "x": "';
    const { sent } = render({ id: evil, q: "", count: 1, note: evil }, { bodyTemplate: body }, secrets);
    const parsed = JSON.parse(sent.body!);
    expect(parsed.admin).toBeUndefined();
    expect(parsed.order).toBe(evil);
    for (const value of strings(200)) {
      const again = JSON.parse(render({ id: value, q: "", count: 1, note: value }, { bodyTemplate: body }, secrets).sent.body!);
      expect(again.order).toBe(value);
      expect(Object.keys(again)).toEqual(Object.keys(body));
    }
  });

  it("an absent optional input is null as a value and empty inside text", () => {
    const { sent } = render({ id: "1", q: "" }, { bodyTemplate: body }, secrets);
    expect(JSON.parse(sent.body!)).toMatchObject({ count: null, note: "Order 1: " });
  });

  it("the shown body keeps the secret's placeholder", () => {
    const { shown } = render({ id: "1", q: "", count: 1 }, { bodyTemplate: body }, secrets);
    expect(JSON.parse(shown.body!).token).toBe("{{secret.KEY}}");
    expect(shown.body).not.toContain('k\\"ey');
  });

  it("keeps a Content-Type the admin set", () => {
    const { sent } = render({ id: "1", q: "" }, { bodyTemplate: { a: 1 }, headers: { "content-type": "application/vnd.api+json" } });
    expect(sent.headers["Content-Type"]).toBeUndefined();
    expect(sent.headers["content-type"]).toBe("application/vnd.api+json");
  });
});
