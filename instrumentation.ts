/** Next calls this once when a server process starts: the sweep for dead runs and overdue cards runs in every instance. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build" || !process.env.DATABASE_URL) return;
  const { startBackgroundJobs } = await import("@/lib/server/runs/background-jobs");
  startBackgroundJobs();
}
