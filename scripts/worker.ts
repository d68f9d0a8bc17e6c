// npm run worker: the webhook worker alone (production), on DATABASE_URL. SIGTERM or SIGINT stops
// it gracefully: no new jobs, running attempts finish, connections close.
import { startWorker } from "@/lib/server/jobs/worker";

const worker = await startWorker();

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.log(`webhook worker: ${signal}, stopping`);
  worker.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error("webhook worker: stop failed", error);
      process.exit(1);
    },
  );
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
