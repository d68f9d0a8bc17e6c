import type { ApiKeyRecord } from "@/lib/db/api-keys";
import type { ApiKeyView } from "@/lib/schemas/api-keys";
import { apiKeyDisplayPrefix } from "./key-material";

/** A stored key as lists show it: the prefix, never the key or its hash. */
export const apiKeyView = (record: ApiKeyRecord): ApiKeyView => ({
  id: record.id,
  name: record.name,
  prefix: apiKeyDisplayPrefix(record.publicId),
  scopes: record.scopes as ApiKeyView["scopes"],
  createdBy: record.createdBy,
  createdAt: record.createdAt.toISOString(),
  expiresAt: record.expiresAt?.toISOString() ?? null,
  lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
  revokedAt: record.revokedAt?.toISOString() ?? null,
});
