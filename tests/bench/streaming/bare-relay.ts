/**
 * Child process: the baseline. A bare node:http server that relays each text delta of
 * @anthropic-ai/sdk's stream to the client as one SSE frame, as fast as it arrives: no
 * framework, no database, no auth. `POST /chat {text}` answers text/event-stream.
 * Prints one JSON line {"url": ...} when listening; exits when its stdin closes.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Anthropic from "@anthropic-ai/sdk";

const modelUrl = process.env.BENCH_MODEL_URL;
if (!modelUrl) throw new Error("BENCH_MODEL_URL is not set");
const client = new Anthropic({ apiKey: "sk-ant-bench-dummy", baseURL: modelUrl, maxRetries: 0 });

const server = http.createServer((req, res) => {
  if (req.method !== "POST" || req.url !== "/chat") {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => void relay(Buffer.concat(chunks).toString("utf8"), res));
});

async function relay(raw: string, res: http.ServerResponse) {
  let seq = 0;
  const send = (event: string, data: unknown) => res.write(`id: ${++seq}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  try {
    const { text } = JSON.parse(raw) as { text: string };
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
    });
    const stream = await client.messages.create({
      model: "claude-bench",
      max_tokens: 1024,
      messages: [{ role: "user", content: text }],
      stream: true,
    });
    for await (const event of stream) {
      if (event.type === "content_block_delta" && event.delta.type === "text_delta") send("text_delta", { text: event.delta.text });
    }
    send("run_completed", {});
    res.end();
  } catch (error) {
    if (!res.headersSent) res.writeHead(502);
    else send("run_failed", { message: error instanceof Error ? error.message : String(error) });
    res.end();
  }
}

server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
