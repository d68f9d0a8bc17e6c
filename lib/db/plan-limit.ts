import type { z } from "zod";
import type { planKeySchema } from "@/lib/schemas/billing";
import type { Prisma } from "./generated/client";

/** Limits on what may exist at once (lib/server/billing/plans.ts): members, webhook endpoints, forms. */
export type PlaceMetric = "seats" | "webhookEndpoints" | "forms";

/** The most of a kind the organization's plan allows; none (billing off) never refuses. */
export interface PlaceLimit {
  limit: number;
  plan: z.infer<typeof planKeySchema>;
}

/** A creation past the plan's limit (answered 402 `plan_limit`, lib/server/http/domain-errors.ts). */
export class PlanLimitError extends Error {
  constructor(
    readonly metric: PlaceMetric,
    readonly used: number,
    readonly place: PlaceLimit,
  ) {
    super(`The plan allows ${place.limit} ${metric}; ${used} exist.`);
    this.name = "PlanLimitError";
  }
}

/**
 * Inside the creating transaction, before the insert: locks the organization's row (`FOR NO KEY UPDATE`,
 * which inserts elsewhere that reference it do not wait for) so two creations at the last place are
 * taken one after the other, then counts what exists. At the limit: PlanLimitError.
 */
export async function keepWithinPlaceLimit(
  tx: Prisma.TransactionClient,
  organizationId: string,
  metric: PlaceMetric,
  place: PlaceLimit | undefined,
  count: () => Promise<number>,
): Promise<void> {
  if (!place) return;
  await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${organizationId} FOR NO KEY UPDATE`;
  const used = await count();
  if (used >= place.limit) throw new PlanLimitError(metric, used, place);
}
