// Loaded into `next start` with NODE_OPTIONS=--import by trace-turn.ts: appends one line per
// database query the server sends (through pg, which Prisma's adapter uses too) to
// BENCH_QUERY_TRACE: `<start epoch ms> <duration ms> <statement>`, and one per HTTP request the
// server receives (`<epoch ms> 0 http <method> <url>`). pg is a server-external package, so this
// patches the very module the server uses. Each query line ends with ` @c<n>`, the pg connection
// that sent it (trace.ts leaves it out of what it prints): what was inside a BEGIN … COMMIT, and so
// how many commits a turn costs, is told per connection.
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";

const file = process.env.BENCH_QUERY_TRACE;
if (file) {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  const pg = require("pg");
  const original = pg.Client.prototype.query;
  const now = () => performance.timeOrigin + performance.now();
  const connections = new WeakMap();
  let lastConnection = 0;
  const record = (client, started, config) => {
    if (!connections.has(client)) connections.set(client, ++lastConnection);
    const text = typeof config === "string" ? config : (config?.text ?? "?");
    const line = `${started.toFixed(3)} ${(now() - started).toFixed(3)} ${text.replace(/\s+/g, " ").slice(0, 160)} @c${connections.get(client)}`;
    fs.appendFileSync(file, `${line}\n`);
  };
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    if (event === "request") {
      const [req] = args;
      fs.appendFileSync(file, `${now().toFixed(3)} 0 http ${req.method} ${req.url}\n`);
    }
    return emit.call(this, event, ...args);
  };
  pg.Client.prototype.query = function (config, values, callback) {
    const started = now();
    const cb = typeof values === "function" ? values : callback;
    if (cb) {
      const wrapped = (...args) => {
        record(this, started, config);
        return cb(...args);
      };
      return typeof values === "function" ? original.call(this, config, wrapped) : original.call(this, config, values, wrapped);
    }
    const result = original.call(this, config, values);
    if (result && typeof result.then === "function") {
      return result.then(
        (value) => {
          record(this, started, config);
          return value;
        },
        (error) => {
          record(this, started, config);
          throw error;
        },
      );
    }
    // A Submittable (e.g. a cursor): timed when it ends.
    result?.once?.("end", () => record(this, started, config));
    return result;
  };
}
