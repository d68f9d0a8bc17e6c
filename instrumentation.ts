/** Next calls this once when a server process starts: the sweep for dead runs and overdue cards runs in every instance. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // Before any sign-in is counted: the client address without a proxy is the socket's (client-ip.ts).
  const { stampPeerAddresses } = await import("@/lib/server/http/peer-address");
  stampPeerAddresses();
  if (!process.env.DATABASE_URL) return;
  const { startBackgroundJobs } = await import("@/lib/server/jobs/background-jobs");
  startBackgroundJobs();
}
