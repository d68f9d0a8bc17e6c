import { z } from "zod";

export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;

/** Days without activity after which a conversation is deleted for good; null keeps conversations forever. */
export const retentionDaysSchema = z
  .number({ error: "Give a whole number of days, or null to keep conversations forever." })
  .int("Give a whole number of days.")
  .min(RETENTION_DAYS_MIN, `Keep conversations at least ${RETENTION_DAYS_MIN} day.`)
  .max(RETENTION_DAYS_MAX, `Keep conversations at most ${RETENTION_DAYS_MAX} days (about ten years), or forever.`)
  .nullable();

/** `PUT /api/orgs/{slug}/retention` and its answer, and `GET`. */
export const retentionSettingsSchema = z.object({ retentionDays: retentionDaysSchema });
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
