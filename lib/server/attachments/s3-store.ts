import type { S3Client } from "@aws-sdk/client-s3";
import type { ObjectStore } from "./object-store";

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

// Loaded on first use: a server on the Postgres store never loads the SDK.
const sdk = () => import("@aws-sdk/client-s3");

/** The bucket through the AWS SDK: any S3-compatible server (MinIO, R2, S3 itself). */
export function s3ObjectStore(settings: S3Settings): ObjectStore {
  let client: Promise<S3Client> | null = null;
  const connect = () =>
    (client ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          ...(settings.endpoint && { endpoint: settings.endpoint }),
          region: settings.region,
          forcePathStyle: settings.forcePathStyle,
          credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
          // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's default ones.
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        }),
    ));
  const Bucket = settings.bucket;
  return {
    async put(key, bytes, mediaType) {
      const [s3, { PutObjectCommand }] = await Promise.all([connect(), sdk()]);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: mediaType, ContentLength: bytes.byteLength }));
    },
    async get(key) {
      const [s3, { GetObjectCommand }] = await Promise.all([connect(), sdk()]);
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof Error && error.name === "NoSuchKey") return null;
        throw error;
      }
    },
    async delete(keys) {
      const [s3, { DeleteObjectCommand }] = await Promise.all([connect(), sdk()]);
      // One request each: DeleteObjects needs a Content-MD5 some S3-compatible servers reject.
      for (const key of keys) await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      const [s3, { ListObjectsV2Command }] = await Promise.all([connect(), sdk()]);
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
