// From the README's run command to the first streamed word, on a cold clone (installed, never run):
// runs `npm run dev` in <clone>, waits for the line that tells a person to open the app, then does
// what a first visit does over HTTP (each page with the scripts it names: landing page, sign-up page, sign up, sign in, the team's page,
// a new conversation, its page, a message) and times the first `text_delta` of the answer.
//
//   npx tsx tests/bench/cold-start.ts <clone> [--port 3100] [--ready <regex>]
//
// <clone> must have node_modules and no .next or .data (that is what "cold" means; the script
// refuses otherwise). `--ready` is the console line to wait for (default: dev.ts's "Handoff is ready").
// Stops `npm run dev` with SIGTERM to its process group and waits until the group is gone.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { HttpClient } from "@/tests/e2e/support/http-client";
import { EventStreamReader, createConversation, postMessage } from "@/tests/e2e/support/run-events";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: "string", default: "3100" }, ready: { type: "string", default: "^Handoff is ready" } },
});
const clone = path.resolve(positionals[0] ?? "");
if (!positionals[0] || !existsSync(path.join(clone, "node_modules")))
  throw new Error("Usage: cold-start.ts <installed clone> [--port N] [--ready regex]");
for (const warm of [".next", ".data"])
  if (existsSync(path.join(clone, warm))) throw new Error(`${clone}/${warm} exists: not a cold clone.`);

const baseURL = `http://127.0.0.1:${values.port}`;
const ready = new RegExp(values.ready, "m");
const started = performance.now();
const marks: Array<[string, number]> = [];
const mark = (name: string) => {
  const seconds = (performance.now() - started) / 1000;
  marks.push([name, seconds]);
  console.error(`${seconds.toFixed(1).padStart(6)} s  ${name}`);
};

const dev = spawn("npm", ["run", "dev"], {
  cwd: clone,
  env: { ...process.env, PORT: values.port },
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
let output = "";
const exited = new Promise<void>((resolve) => dev.once("exit", () => resolve()));
const readyLine = new Promise<void>((resolve, reject) => {
  const onData = (chunk: Buffer) => {
    output += chunk;
    if (ready.test(output)) resolve();
  };
  dev.stdout.on("data", onData);
  dev.stderr.on("data", onData);
  void exited.then(() => reject(new Error(`npm run dev exited before it was ready:\n${output}`)));
});

try {
  await readyLine;
  mark("console says ready");
  const client = new HttpClient(baseURL);
  // A page counts once its scripts have arrived, as a browser needs them before the page works.
  const page = async (pathname: string) => {
    const response = await client.request(pathname);
    const html = await response.text();
    if (response.status !== 200) throw new Error(`GET ${pathname}: ${response.status}`);
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]);
    await Promise.all(scripts.map(async (src) => (await client.request(src)).arrayBuffer()));
    mark(`GET ${pathname} and its scripts`);
  };
  await page("/");
  await page("/sign-up");
  const email = `cold-${Date.now()}@example.com`;
  const password = "a-good-long-password";
  const created = await client.json<{ organization: { slug: string } }>("/api/signup", {
    json: { email, password, name: "Cold Start", organization: "Cold Start Team" },
  });
  if (created.status !== 201) throw new Error(`sign-up: ${created.status} ${JSON.stringify(created.body)}`);
  mark("POST /api/signup");
  if (!(await client.signIn(email, password))) throw new Error("sign-in failed");
  mark("signed in");
  const slug = created.body.organization.slug;
  await page(`/${slug}`);
  const conversationId = await createConversation(client);
  mark("POST /api/conversations");
  await page(`/${slug}/c/${conversationId}`);
  const response = await postMessage(client, conversationId, "hello");
  if (response.status !== 200) throw new Error(`message: ${response.status} ${await response.text()}`);
  const stream = new EventStreamReader(response);
  await stream.waitForType("text_delta", 120_000);
  mark("first text_delta");
  await stream.close();
  const firstWord = marks.at(-1)![1];
  console.log(
    JSON.stringify({
      firstWordSeconds: Number(firstWord.toFixed(1)),
      marks: Object.fromEntries(marks.map(([name, s]) => [name, Number(s.toFixed(1))])),
    }),
  );
} catch (error) {
  console.error(output);
  throw error;
} finally {
  // npm, tsx, dev.ts, next dev and Postgres share the group; dev.ts stops Next, then Postgres.
  process.kill(-dev.pid!, "SIGTERM");
  await exited;
  await untilGroupGone(dev.pid!);
}

async function untilGroupGone(pgid: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`process group ${pgid} still runs 30 s after SIGTERM`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
