import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedFetch, UrlRefusedError } from "@/lib/server/connectors/guarded-fetch";

/** A hostile server on loopback: a status no web Response can carry, an endless answer, and a plain one. */
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/weird-status") {
      response.writeHead(999);
      response.end("?");
    } else if (request.url === "/endless") {
      response.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = "data: " + "x".repeat(64 * 1024) + "\n\n";
      const write = () => {
        while (response.write(chunk));
        response.once("drain", write);
      };
      response.on("close", () => response.removeAllListeners("drain"));
      write();
    } else {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"ok":true}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("guardedFetch", () => {
  const loopback = guardedFetch({ allowPrivate: true }, 1024 * 1024);

  it("hands on a plain answer", async () => {
    const response = await loopback(`${base}/plain`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("turns a status outside HTTP's range into an error of the call, not a crash of the process", async () => {
    await expect(loopback(`${base}/weird-status`)).rejects.toThrow(/HTTP status 999/);
  });

  it("cuts off an answer larger than its cap, failing the body", async () => {
    const response = await loopback(`${base}/endless`);
    await expect(response.text()).rejects.toThrow(/exceeded 1 MB/);
  });

  it("refuses loopback unless the operator allows private addresses", async () => {
    await expect(guardedFetch({ allowPrivate: false })(`${base}/plain`)).rejects.toBeInstanceOf(UrlRefusedError);
  });
});
