/**
 * One usage entry's share of the month's overage: the part of its tokens above `allowance`, given
 * the tokens the month used before it (in id order). Deterministic, so a retry computes the same
 * value for the same identifier; the shares of a month add up to its usage above the allowance.
 */
export function overageShare(tokensBefore: number, tokens: number, allowance: number): number {
  const after = tokensBefore + tokens;
  if (after <= allowance) return 0;
  return Math.min(tokens, after - allowance);
}

/** The meter event identifier of an entry: the same on every retry, unique per organization and entry. */
export const meterIdentifier = (organizationId: string, entryId: bigint | number) => `usage_${organizationId}_${entryId}`;
