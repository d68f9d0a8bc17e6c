// A loopback S3-compatible server for tests: path-style PutObject, GetObject, DeleteObject and
// ListObjectsV2 on one bucket, enough for lib/server/attachments/s3-store.ts. It checks that each
// request is signed with the configured access key (the Authorization header's Credential); it does
// not verify the signature itself (the real @aws-sdk/client-s3 computes it).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3Object {
  bytes: Buffer;
  contentType: string;
  lastModified: Date;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  accessKeyId: string;
  objects: Map<string, FakeS3Object>;
  /** Each request's method and path, with whether its Authorization named the access key. */
  requests: { method: string; path: string; signedWithKey: boolean }[];
  close(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function error(response: ServerResponse, status: number, code: string) {
  response.writeHead(status, { "content-type": "application/xml" });
  response.end(xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`));
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const PAGE = 1000;

function list(fake: FakeS3, url: URL, response: ServerResponse) {
  const after = url.searchParams.get("continuation-token") ?? "";
  const max = Math.min(Number(url.searchParams.get("max-keys") ?? PAGE), PAGE);
  const keys = [...fake.objects.keys()].sort().filter((key) => key > after);
  const page = keys.slice(0, max);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = fake.objects.get(key)!;
      return `<Contents><Key>${escape(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>"etag"</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join("");
  response.writeHead(200, { "content-type": "application/xml" });
  response.end(
    xml(
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${fake.bucket}</Name><Prefix></Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${
        truncated ? `<NextContinuationToken>${escape(page.at(-1)!)}</NextContinuationToken>` : ""
      }${contents}</ListBucketResult>`,
    ),
  );
}

export async function startFakeS3(options: { bucket?: string; accessKeyId?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? "handoff-files";
  const accessKeyId = options.accessKeyId ?? "AKIAFAKES3TEST";
  const fake: FakeS3 = { url: "", bucket, accessKeyId, objects: new Map(), requests: [], close: async () => undefined };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-s3");
    const signedWithKey = (request.headers.authorization ?? "").includes(`Credential=${accessKeyId}/`);
    fake.requests.push({ method: request.method ?? "", path: url.pathname, signedWithKey });
    const body = await readBody(request);
    if (!signedWithKey) return error(response, 403, "InvalidAccessKeyId");
    const [, bucketName, ...rest] = url.pathname.split("/");
    if (bucketName !== bucket) return error(response, 404, "NoSuchBucket");
    const key = decodeURIComponent(rest.join("/"));
    if (!key && request.method === "GET" && url.searchParams.get("list-type") === "2") return list(fake, url, response);
    if (!key) return error(response, 400, "InvalidRequest");
    if (request.method === "PUT") {
      fake.objects.set(key, {
        bytes: body,
        contentType: request.headers["content-type"] ?? "application/octet-stream",
        lastModified: new Date(),
      });
      response.writeHead(200, { etag: '"etag"' });
      return response.end();
    }
    if (request.method === "GET") {
      const object = fake.objects.get(key);
      if (!object) return error(response, 404, "NoSuchKey");
      response.writeHead(200, {
        "content-type": object.contentType,
        "content-length": object.bytes.length,
        "last-modified": object.lastModified.toUTCString(),
        etag: '"etag"',
      });
      return response.end(object.bytes);
    }
    if (request.method === "DELETE") {
      fake.objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    return error(response, 405, "MethodNotAllowed");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
