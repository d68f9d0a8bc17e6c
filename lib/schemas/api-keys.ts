import { z } from "zod";
import { trimmedText } from "./text";
import { personSchema } from "./team";

/** Every scope an API key can carry: the one list (the settings form, the routes and the docs read it). */
export const API_KEY_SCOPES = [
  "inbox:read",
  "inbox:write",
  "conversations:read",
  "conversations:write",
  "forms:read",
  "webhooks:write",
] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** What each scope allows, for people (the settings form). */
export const API_KEY_SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  "inbox:read": "List and read inbox items",
  "inbox:write": "Resolve inbox items",
  "conversations:read": "Read conversations and their events",
  "conversations:write": "Start conversations and send messages",
  "forms:read": "Read form submissions",
  "webhooks:write": "Manage webhook endpoints",
};

export const API_KEY_NAME_MAX = 100;

/** POST /api/orgs/{slug}/api-keys. `expiresAt` must lie in the future (checked against `now`). */
export const createApiKeySchema = (now: () => Date = () => new Date()) =>
  z.object({
    name: trimmedText().min(1, "Give the key a name.").max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters.`),
    scopes: z
      .array(apiKeyScopeSchema)
      .min(1, "Choose at least one scope.")
      .transform((scopes) => [...new Set(scopes)]),
    expiresAt: z.iso
      .datetime({ offset: true, message: "Use an ISO 8601 date and time, e.g. 2027-01-31T00:00:00Z." })
      .refine((value) => new Date(value).getTime() > now().getTime(), "Choose a date in the future.")
      .nullish(),
  });
export type CreateApiKeyInput = z.input<ReturnType<typeof createApiKeySchema>>;

/** A key as lists show it: never the key or its hash, only the prefix `hk_<publicId>_…`. */
export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdBy: personSchema.nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeyViewSchema) });

/** The answer to a creation: the key itself, this once. */
export const createdApiKeySchema = z.object({ key: apiKeyViewSchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
