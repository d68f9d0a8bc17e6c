/**
 * Where a file's bytes go when they are not in the Attachment row: an S3-compatible bucket
 * (s3-store.ts). Keys are `{organizationId}/{attachmentId}`, never reused, so an object and the
 * rows naming its key are all there is to keep in step (blob-store.ts, sweep.ts).
 */
export interface ObjectStore {
  put(key: string, bytes: Uint8Array, mediaType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<Uint8Array | null>;
  delete(keys: string[]): Promise<void>;
  /** Every object, a page at a time (the sweep's walk). */
  list(): AsyncIterable<{ key: string; lastModified: Date }>;
}

export const storageKeyOf = (organizationId: string, attachmentId: string) => `${organizationId}/${attachmentId}`;
