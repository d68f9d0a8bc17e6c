/** Delay before reconnect attempt `attempt` (0-based): doubling from `baseMs`, capped, with jitter so tabs do not reconnect in step. */
export function reconnectDelay(attempt: number, { baseMs = 500, maxMs = 15_000, random = Math.random } = {}): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
