import { serverEnv } from "@/lib/server/env";
import type { ObjectStore } from "./object-store";
import { s3ObjectStore, type S3Settings } from "./s3-store";

let cached: { signature: string; store: ObjectStore } | null = null;

/**
 * The bucket `ATTACHMENT_STORE=s3` names, or null for Postgres (the default). One client per
 * configuration: built on first use, again only when the variables change (tests switch them).
 */
export function configuredObjectStore(): ObjectStore | null {
  const env = serverEnv();
  if (env.ATTACHMENT_STORE !== "s3") return null;
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error("ATTACHMENT_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (docs/attachments.md).");
  }
  const settings: S3Settings = {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? "us-east-1",
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
  const signature = JSON.stringify(settings);
  if (cached?.signature !== signature) cached = { signature, store: s3ObjectStore(settings) };
  return cached.store;
}
