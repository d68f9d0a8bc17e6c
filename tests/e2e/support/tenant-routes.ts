/**
 * Every page and API route that belongs to one organization. The isolation test asks each of
 * them, as a member of another organization, and expects 404. Add every new route here.
 * Placeholders: {org} the victim's slug, {userId} a victim member, {inviteId} an open invite.
 */
export interface TenantRoute {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  json?: unknown;
}

export const TENANT_PAGES: string[] = ["/{org}", "/{org}/settings", "/{org}/settings/members", "/{org}/settings/audit"];

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
];
