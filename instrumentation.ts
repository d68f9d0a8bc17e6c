/** Next calls this once when a server process starts: the sweep for dead runs and overdue cards runs in every instance. */
export async function register() {
  // Next's own variables, read literally (lib/server/env.ts says why).
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // Fail fast: a bad value stops the server here with its sentence, not at the first request that reads it.
  const { EnvError, serverEnv } = await import("@/lib/server/env");
  let env;
  try {
    env = serverEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    // Only reached on Node.js (checked above); the build still warns that the edge bundle names it.
    process.exit(1);
  }
  // Before any sign-in is counted: the client address without a proxy is the socket's (client-ip.ts).
  const { stampPeerAddresses } = await import("@/lib/server/http/peer-address");
  stampPeerAddresses();
  // Methods and paths Next could only answer with a 500 page never reach it.
  const { refuseUnroutableRequests } = await import("@/lib/server/http/unroutable");
  refuseUnroutableRequests();
  if (!env.DATABASE_URL) return;
  const { startBackgroundJobs } = await import("@/lib/server/jobs/background-jobs");
  startBackgroundJobs();
}
