/**
 * `Promise.all` that waits for every promise to settle before it answers: nothing started for a
 * request is still running when the request fails, and the error is the first one in the list
 * (the one a sequential version would have thrown first), not the first to happen.
 */
export async function settleAll<T extends readonly unknown[]>(promises: { readonly [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  for (const result of results) if (result.status === "rejected") throw result.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
