// Loaded into `next start` with NODE_OPTIONS=--import (BENCH_CPU_PROF=1), since Node 20 refuses
// --cpu-prof in NODE_OPTIONS. Each SIGUSR2 toggles V8's sampling profiler: the first starts it,
// the second writes BENCH_PROFILE_DIR/<label>-<pid>-<n>.cpuprofile, and so on. Only the process
// that runs the HTTP server is profiled, so the driver sends the signal to that pid alone.
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const dir = process.env.BENCH_PROFILE_DIR ?? ".data/bench-profiles";
const session = new inspector.Session();
session.connect();
let running = false;
let count = 0;

process.on("SIGUSR2", () => {
  if (!running) {
    session.post("Profiler.enable", () =>
      session.post("Profiler.setSamplingInterval", { interval: 500 }, () => session.post("Profiler.start", () => (running = true))),
    );
    return;
  }
  running = false;
  session.post("Profiler.stop", (error, result) => {
    if (error) return;
    fs.mkdirSync(dir, { recursive: true });
    const label = fs.existsSync(path.join(dir, "label")) ? fs.readFileSync(path.join(dir, "label"), "utf8").trim() : "phase";
    fs.writeFileSync(path.join(dir, `${label}-${process.pid}-${++count}.cpuprofile`), JSON.stringify(result.profile));
  });
});
