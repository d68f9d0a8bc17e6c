import type PgBoss from "pg-boss";
import { reportOverage } from "@/lib/server/billing/meter-reporter";
import { logger } from "@/lib/server/logger";

/**
 * Pro's overage to Stripe's meter (lib/server/billing/meter-reporter.ts), every minute with pg-boss's
 * cron; the `singleton` policy keeps one pass active at a time (two at once would still send each
 * identifier with its idempotency key, so Stripe would count it once).
 */
export const METER_QUEUE = "billing-meter";
export const METER_CRON = "* * * * *";

export async function registerMeterJob(boss: PgBoss): Promise<string> {
  await boss.createQueue(METER_QUEUE, {
    name: METER_QUEUE,
    policy: "singleton",
    retryLimit: 0,
    expireInSeconds: 10 * 60,
    retentionMinutes: 60,
  });
  await boss.schedule(METER_QUEUE, METER_CRON, {}, { tz: "UTC" });
  return boss.work(METER_QUEUE, async () => {
    const result = await reportOverage();
    if (result.reported > 0 || result.failed > 0) logger.info("overage reported to Stripe", { ...result });
  });
}
