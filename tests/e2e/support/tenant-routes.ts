/**
 * Every page and API route that belongs to one organization. The isolation test asks each of
 * them, as a member of another organization, and expects 404. Add every new route here.
 * Placeholders: {org} the victim's slug, {userId} a victim member, {inviteId} an open invite,
 * {permissionId} a grant id (the organization check answers before the id is looked up).
 */
export interface TenantRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  json?: unknown;
}

export const TENANT_PAGES: string[] = [
  "/{org}",
  "/{org}/settings",
  "/{org}/settings/members",
  "/{org}/settings/audit",
  "/{org}/settings/permissions",
  "/{org}/settings/api-keys",
  "/{org}/forms/any-form-id/submissions",
  "/{org}/forms/any-form-id/submissions/any-submission-id",
];

export const TENANT_API_ROUTES: TenantRoute[] = [
  { method: "GET", path: "/api/orgs/{org}" },
  { method: "PATCH", path: "/api/orgs/{org}", json: { name: "Taken over" } },
  { method: "GET", path: "/api/orgs/{org}/members" },
  { method: "PATCH", path: "/api/orgs/{org}/members/{userId}", json: { role: "member" } },
  { method: "DELETE", path: "/api/orgs/{org}/members/{userId}" },
  { method: "GET", path: "/api/orgs/{org}/invites" },
  { method: "POST", path: "/api/orgs/{org}/invites", json: { email: "intruder@example.com", role: "owner" } },
  { method: "DELETE", path: "/api/orgs/{org}/invites/{inviteId}" },
  { method: "GET", path: "/api/orgs/{org}/audit" },
  { method: "GET", path: "/api/orgs/{org}/agent" },
  { method: "GET", path: "/api/orgs/{org}/permissions" },
  { method: "DELETE", path: "/api/orgs/{org}/permissions/{permissionId}" },
  { method: "GET", path: "/api/orgs/{org}/api-keys" },
  { method: "POST", path: "/api/orgs/{org}/api-keys", json: { name: "Intruder", scopes: ["inbox:read"] } },
  // The organization check answers before the key id is looked up.
  { method: "DELETE", path: "/api/orgs/{org}/api-keys/any-key-id" },
  { method: "PUT", path: "/api/orgs/{org}/agent", json: { name: "Taken over", enabledTools: [], providerApiKey: "sk-intruder" } },
  // Forms a team defines; the organization check answers before the form id is looked up.
  { method: "GET", path: "/api/orgs/{org}/forms" },
  { method: "POST", path: "/api/orgs/{org}/forms", json: { definition: { id: "intruder", name: "Intruder", steps: [] } } },
  { method: "POST", path: "/api/orgs/{org}/forms/check", json: { definition: {} } },
  { method: "POST", path: "/api/orgs/{org}/forms/import", json: { format: "handoff.form", formatVersion: 1, definition: {} } },
  { method: "GET", path: "/api/orgs/{org}/forms/any-form-id" },
  { method: "PUT", path: "/api/orgs/{org}/forms/any-form-id", json: { definition: {}, baseVersion: 1 } },
  { method: "DELETE", path: "/api/orgs/{org}/forms/any-form-id" },
  { method: "GET", path: "/api/orgs/{org}/forms/any-form-id/versions/1" },
  { method: "GET", path: "/api/orgs/{org}/forms/any-form-id/export" },
  // No route file: the catch-all (app/api/[...path]) answers alike whether the organization exists or not.
  { method: "GET", path: "/api/orgs/{org}/no-such-thing" },
  { method: "POST", path: "/api/orgs/{org}/no-such-thing", json: {} },
  { method: "GET", path: "/api/orgs/{org}/forms/any-form-id/submissions" },
  { method: "GET", path: "/api/orgs/{org}/forms/any-form-id/submissions/export" },
  { method: "GET", path: "/api/orgs/{org}/forms/any-form-id/submissions/any-submission-id" },
  { method: "PATCH", path: "/api/orgs/{org}/forms/any-form-id/submissions/any-submission-id", json: { status: "processed" } },
];

/**
 * Routes that carry no organization: the tenant is the conversation's (or the card's). Asked by
 * conversations-isolation.test.ts as a member of another organization, each must answer 404 and
 * change nothing. Placeholders: {conversationId} a victim's conversation, {slotId} its pending card.
 */
export const CONVERSATION_API_ROUTES: TenantRoute[] = [
  { method: "GET", path: "/api/conversations/{conversationId}" },
  { method: "PATCH", path: "/api/conversations/{conversationId}", json: { title: "Taken over" } },
  { method: "DELETE", path: "/api/conversations/{conversationId}" },
  { method: "POST", path: "/api/conversations/{conversationId}/messages", json: { text: "hello from outside" } },
  { method: "GET", path: "/api/conversations/{conversationId}/events?after=0" },
  { method: "POST", path: "/api/conversations/{conversationId}/abort", json: {} },
  { method: "POST", path: "/api/conversations/{conversationId}/retry", json: {} },
  // The conversation is checked first, so an instance id that exists nowhere still proves the 404 is the tenant's.
  { method: "POST", path: "/api/conversations/{conversationId}/forms/any-instance/values", json: { values: { purpose: "Taken over" } } },
  { method: "POST", path: "/api/slots/{slotId}/resolve", json: { value: { decision: "allow_once" } } },
  { method: "POST", path: "/api/slots/{slotId}/reject", json: { reason: "no" } },
];
