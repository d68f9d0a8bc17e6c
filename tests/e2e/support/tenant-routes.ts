/**
 * Every page and API route that belongs to one organization. The isolation test asks each of
 * them, as a member of another organization (its session, or for `/api/v1` its API key with every
 * scope), and expects 404. Add every new route here. Every path id is a placeholder filled with
 * one of the victim's REAL objects, so the 404 proves isolation, not absence: {org} the victim's
 * slug, {userId} a member, {inviteId} an open invite, {permissionId} a grant, {permissionRequestId} a pending request for everyone, {apiKeyId} a key,
 * {formId} a form with {version} 1, {submissionId} one of its submissions, {conversationId} a
 * conversation with the form open as {instanceId}, {inboxItemId} an inbox item, {inboundEndpointId} an
 * inbound webhook endpoint, {webhookEndpointId} an outbound webhook endpoint with {webhookDeliveryId}
 * one of its deliveries; {httpToolId} an HTTP tool and {httpToolSecretName} a secret it references;
 * {connectorId} a per-person MCP connector the victim connected to, with {connectorToolName} one of its
 * enabled tools, and {signInQuery} the callback query of a sign-in to it the victim started; {forgedLinkToken}
 * a capability link naming the victim's real inbox item whose signature nobody made; {exportId} an
 * organization export; {pendingAttachmentId} a file the victim uploaded for a new chat; {unknownPath} a
 * path no route file serves (the catch-all app/api/[...path]).
 */
export interface TenantRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  json?: unknown;
  /** "apiKey": asked with the intruder's API key instead of its session (the public API takes no cookies). */
  auth?: "session" | "apiKey";
}

export const TENANT_PAGES: string[] = [
  "/{org}",
  "/{org}/settings",
  "/{org}/settings/members",
  "/{org}/settings/audit",
  "/{org}/settings/feedback",
  "/{org}/settings/permissions",
  "/{org}/settings/api-keys",
  "/{org}/settings/webhooks",
  "/{org}/settings/inbound",
  "/{org}/settings/connectors",
  "/{org}/settings/http-tools",
  "/{org}/settings/data",
  "/{org}/settings/usage",
  "/{org}/settings/billing",
  "/{org}/forms",
  "/{org}/forms/new",
  "/{org}/forms/{formId}",
  "/{org}/forms/{formId}/submissions",
  "/{org}/forms/{formId}/submissions/{submissionId}",
  "/{org}/inbox",
  "/{org}/search?q=budget",
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
  { method: "GET", path: "/api/orgs/{org}/feedback" },
  { method: "GET", path: "/api/orgs/{org}/retention" },
  { method: "PUT", path: "/api/orgs/{org}/retention", json: { retentionDays: 1 } },
  { method: "GET", path: "/api/orgs/{org}/search?q=budget" },
  // The usage page's report and its CSV (docs/billing.md#the-usage-page).
  { method: "GET", path: "/api/orgs/{org}/usage" },
  { method: "GET", path: "/api/orgs/{org}/usage/export" },
  // Billing (docs/billing.md): the plan, Stripe Checkout and the customer portal.
  { method: "GET", path: "/api/orgs/{org}/billing" },
  { method: "POST", path: "/api/orgs/{org}/billing/checkout" },
  { method: "POST", path: "/api/orgs/{org}/billing/portal" },
  // Files for a new chat's first message (docs/attachments.md).
  { method: "POST", path: "/api/orgs/{org}/attachments?name=planted.txt", json: "Taken over" },
  { method: "GET", path: "/api/orgs/{org}/attachments/{pendingAttachmentId}" },
  { method: "DELETE", path: "/api/orgs/{org}/attachments/{pendingAttachmentId}" },
  // Organization exports and imports (docs/export.md).
  { method: "GET", path: "/api/orgs/{org}/exports" },
  { method: "POST", path: "/api/orgs/{org}/exports" },
  { method: "GET", path: "/api/orgs/{org}/exports/{exportId}/download" },
  {
    method: "POST",
    path: "/api/orgs/{org}/imports",
    json: { format: "handoff.conversation.v1", title: "Planted", created_at: "2030-01-01T00:00:00Z", messages: [] },
  },
  { method: "GET", path: "/api/orgs/{org}/agent" },
  { method: "GET", path: "/api/orgs/{org}/permissions" },
  { method: "DELETE", path: "/api/orgs/{org}/permissions/{permissionId}" },
  { method: "POST", path: "/api/orgs/{org}/permissions/requests/{permissionRequestId}", json: { decision: "approve" } },
  { method: "GET", path: "/api/orgs/{org}/api-keys" },
  { method: "POST", path: "/api/orgs/{org}/api-keys", json: { name: "Intruder", scopes: ["inbox:read"] } },
  { method: "DELETE", path: "/api/orgs/{org}/api-keys/{apiKeyId}" },
  { method: "PUT", path: "/api/orgs/{org}/agent", json: { name: "Taken over", enabledTools: [], providerApiKey: "sk-intruder" } },
  // Inbound webhook endpoints and their event logs (the receiver /api/inbound/{id} is not tenant-scoped: inbound-endpoints.test.ts).
  { method: "GET", path: "/api/orgs/{org}/inbound-endpoints" },
  {
    method: "POST",
    path: "/api/orgs/{org}/inbound-endpoints",
    json: { name: "Intruder", tags: ["finance"], authKind: "bearer", correlationPath: "id" },
  },
  { method: "GET", path: "/api/orgs/{org}/inbound-endpoints/{inboundEndpointId}" },
  { method: "PATCH", path: "/api/orgs/{org}/inbound-endpoints/{inboundEndpointId}", json: { enabled: false } },
  { method: "DELETE", path: "/api/orgs/{org}/inbound-endpoints/{inboundEndpointId}" },
  { method: "POST", path: "/api/orgs/{org}/inbound-endpoints/{inboundEndpointId}/rotate-secret" },
  { method: "GET", path: "/api/orgs/{org}/inbound-endpoints/{inboundEndpointId}/events" },
  // Forms a team defines, their versions and submissions.
  { method: "GET", path: "/api/orgs/{org}/forms" },
  { method: "POST", path: "/api/orgs/{org}/forms", json: { definition: { id: "intruder", name: "Intruder", steps: [] } } },
  { method: "POST", path: "/api/orgs/{org}/forms/check", json: { definition: {} } },
  { method: "POST", path: "/api/orgs/{org}/forms/import", json: { format: "handoff.form", formatVersion: 1, definition: {} } },
  { method: "GET", path: "/api/orgs/{org}/forms/{formId}" },
  { method: "PUT", path: "/api/orgs/{org}/forms/{formId}", json: { definition: {}, baseVersion: 1 } },
  { method: "DELETE", path: "/api/orgs/{org}/forms/{formId}" },
  { method: "GET", path: "/api/orgs/{org}/forms/{formId}/versions/{version}" },
  { method: "GET", path: "/api/orgs/{org}/forms/{formId}/export" },
  { method: "GET", path: "/api/orgs/{org}/forms/{formId}/submissions" },
  { method: "GET", path: "/api/orgs/{org}/forms/{formId}/submissions/export" },
  { method: "GET", path: "/api/orgs/{org}/forms/{formId}/submissions/{submissionId}" },
  { method: "PATCH", path: "/api/orgs/{org}/forms/{formId}/submissions/{submissionId}", json: { status: "processed" } },
  // Outbound webhook endpoints and their delivery log.
  { method: "GET", path: "/api/orgs/{org}/webhooks" },
  { method: "POST", path: "/api/orgs/{org}/webhooks", json: { url: "https://intruder.example/hook", event_types: ["run.completed"] } },
  { method: "GET", path: "/api/orgs/{org}/webhooks/{webhookEndpointId}" },
  { method: "PATCH", path: "/api/orgs/{org}/webhooks/{webhookEndpointId}", json: { url: "https://intruder.example/hook" } },
  { method: "DELETE", path: "/api/orgs/{org}/webhooks/{webhookEndpointId}" },
  { method: "POST", path: "/api/orgs/{org}/webhooks/{webhookEndpointId}/rotate-secret" },
  { method: "POST", path: "/api/orgs/{org}/webhooks/{webhookEndpointId}/test" },
  { method: "GET", path: "/api/orgs/{org}/webhooks/{webhookEndpointId}/deliveries" },
  { method: "POST", path: "/api/orgs/{org}/webhooks/{webhookEndpointId}/deliveries/{webhookDeliveryId}/resend" },
  // MCP connectors (docs/connectors.md).
  { method: "GET", path: "/api/orgs/{org}/connectors" },
  {
    method: "POST",
    path: "/api/orgs/{org}/connectors",
    json: { name: "intruder", title: "Intruder", url: "https://intruder.example/mcp" },
  },
  { method: "GET", path: "/api/orgs/{org}/connectors/{connectorId}" },
  { method: "PATCH", path: "/api/orgs/{org}/connectors/{connectorId}", json: { url: "https://intruder.example/mcp" } },
  { method: "DELETE", path: "/api/orgs/{org}/connectors/{connectorId}" },
  { method: "POST", path: "/api/orgs/{org}/connectors/{connectorId}/refresh" },
  { method: "PATCH", path: "/api/orgs/{org}/connectors/{connectorId}/tools/{connectorToolName}", json: { requires_permission: true } },
  { method: "PUT", path: "/api/orgs/{org}/connectors/{connectorId}/credential", json: { token: "intruder-token" } },
  { method: "DELETE", path: "/api/orgs/{org}/connectors/{connectorId}/credential" },
  { method: "POST", path: "/api/orgs/{org}/connectors/{connectorId}/oauth/start", json: {} },
  // No organization in the path: the sealed state names it, and another organization's is not found.
  { method: "GET", path: "/api/connectors/oauth/callback?{signInQuery}" },

  // HTTP tools a team defines and their secrets (docs/http-tools.md).
  { method: "GET", path: "/api/orgs/{org}/http-tools" },
  {
    method: "POST",
    path: "/api/orgs/{org}/http-tools",
    json: { name: "intruder_tool", description: "x", method: "GET", url_template: "https://intruder.example/x" },
  },
  { method: "GET", path: "/api/orgs/{org}/http-tools/{httpToolId}" },
  { method: "PATCH", path: "/api/orgs/{org}/http-tools/{httpToolId}", json: { url_template: "https://intruder.example/x" } },
  { method: "DELETE", path: "/api/orgs/{org}/http-tools/{httpToolId}" },
  { method: "POST", path: "/api/orgs/{org}/http-tools/{httpToolId}/try", json: { input: { id: "1" } } },
  { method: "GET", path: "/api/orgs/{org}/http-tool-secrets" },
  { method: "GET", path: "/api/orgs/{org}/http-tool-secrets/{httpToolSecretName}" },
  { method: "PUT", path: "/api/orgs/{org}/http-tool-secrets/{httpToolSecretName}", json: { value: "intruder-value" } },
  { method: "DELETE", path: "/api/orgs/{org}/http-tool-secrets/{httpToolSecretName}" },

  // The inbox page's routes: the list, one item with its capability link, a member's answer, an admin's cancel.
  { method: "GET", path: "/api/orgs/{org}/inbox" },
  { method: "GET", path: "/api/orgs/{org}/inbox?conversation_id={conversationId}" },
  { method: "GET", path: "/api/orgs/{org}/inbox/{inboxItemId}" },
  { method: "POST", path: "/api/orgs/{org}/inbox/{inboxItemId}/resolve", json: { response: "Taken over" } },
  { method: "POST", path: "/api/orgs/{org}/inbox/{inboxItemId}/cancel", json: { reason: "Taken over" } },
  // A person's edit in the live form card of the victim's conversation.
  { method: "POST", path: "/api/conversations/{conversationId}/forms/{instanceId}/values", json: { values: { purpose: "Taken over" } } },
  // No route file: the catch-all (app/api/[...path]) answers alike whether the organization exists or not.
  { method: "GET", path: "/api/orgs/{org}/{unknownPath}" },
  { method: "POST", path: "/api/orgs/{org}/{unknownPath}", json: {} },
  { method: "GET", path: "/api/{unknownPath}" },
  { method: "POST", path: "/api/{unknownPath}", json: {} },
  // A capability link is its own authority: one naming the victim's item without its signature reaches nothing.
  { method: "GET", path: "/api/inbox/links/{forgedLinkToken}" },
  { method: "POST", path: "/api/inbox/links/{forgedLinkToken}", json: { response: "Taken over" } },
  // The public API, with the intruder's own key: another organization's objects are 404, never an empty answer.
  { method: "GET", path: "/api/v1/inbox?conversation_id={conversationId}", auth: "apiKey" },
  { method: "GET", path: "/api/v1/inbox/{inboxItemId}", auth: "apiKey" },
  { method: "POST", path: "/api/v1/inbox/{inboxItemId}/resolve", json: { response: { approved: true } }, auth: "apiKey" },
  { method: "GET", path: "/api/v1/conversations/{conversationId}", auth: "apiKey" },
  { method: "POST", path: "/api/v1/conversations/{conversationId}/messages", json: { text: "Taken over" }, auth: "apiKey" },
  { method: "GET", path: "/api/v1/conversations/{conversationId}/events?after=0", auth: "apiKey" },
  { method: "GET", path: "/api/v1/forms/{formId}/submissions", auth: "apiKey" },
];

/**
 * Routes that answer everybody alike and hold no organization's data (the public API's description, the
 * liveness check). The isolation test asks each as the intruder and as nobody: the same answer, and none of
 * the victim's names or ids in it. `/api/health` is left out: its heartbeat age changes between two asks.
 */
export const SHARED_API_ROUTES: TenantRoute[] = [
  { method: "GET", path: "/api/v1/openapi.json" },
  { method: "GET", path: "/api/health/live" },
  // Stripe's webhook: its signature is its authority, never a session (unsigned here, so refused alike).
  { method: "POST", path: "/api/webhooks/stripe" },
];

/**
 * Routes that carry no organization: the tenant is the conversation's (or the card's). Asked by
 * conversations-isolation.test.ts as a member of another organization, each must answer 404 and
 * change nothing. Placeholders: {conversationId} a victim's conversation, {slotId} its pending card,
 * {messageId} its agent message, {shareId} one of its share links (for the organization; {shareToken} its
 * token), {attachmentId} a file uploaded to it.
 */
export const CONVERSATION_API_ROUTES: TenantRoute[] = [
  { method: "GET", path: "/api/conversations/{conversationId}" },
  { method: "PATCH", path: "/api/conversations/{conversationId}", json: { title: "Taken over" } },
  { method: "DELETE", path: "/api/conversations/{conversationId}" },
  { method: "POST", path: "/api/conversations/{conversationId}/restore", json: {} },
  { method: "POST", path: "/api/conversations/{conversationId}/messages", json: { text: "hello from outside" } },
  { method: "GET", path: "/api/conversations/{conversationId}/events?after=0" },
  { method: "POST", path: "/api/conversations/{conversationId}/abort", json: {} },
  { method: "POST", path: "/api/conversations/{conversationId}/retry", json: {} },
  { method: "GET", path: "/api/conversations/{conversationId}/model" },
  { method: "PUT", path: "/api/conversations/{conversationId}/model", json: { model: null } },
  // The conversation is checked first, so an instance id that exists nowhere still proves the 404 is the tenant's.
  { method: "POST", path: "/api/conversations/{conversationId}/forms/any-instance/values", json: { values: { purpose: "Taken over" } } },
  // Feedback on the victim's real agent message ({messageId}).
  { method: "GET", path: "/api/conversations/{conversationId}/feedback" },
  { method: "GET", path: "/api/conversations/{conversationId}/export?format=json" },
  {
    method: "PUT",
    path: "/api/conversations/{conversationId}/messages/{messageId}/feedback",
    json: { rating: "down", comment: "Taken over" },
  },
  { method: "DELETE", path: "/api/conversations/{conversationId}/messages/{messageId}/feedback" },
  // Share links of the victim's conversation ({shareId} a real one of them).
  { method: "GET", path: "/api/conversations/{conversationId}/shares" },
  { method: "POST", path: "/api/conversations/{conversationId}/shares", json: { audience: "public", mode: "live", expiresInDays: null } },
  { method: "DELETE", path: "/api/conversations/{conversationId}/shares/{shareId}" },
  // The link itself: an organization link opens (and copies) nothing for a member of another organization.
  { method: "GET", path: "/api/shares/{shareToken}" },
  { method: "POST", path: "/api/shares/{shareToken}/copy", json: {} },

  // Branches, on the victim's real agent message: a new version, a switch, a copy into the outsider's team.
  { method: "POST", path: "/api/conversations/{conversationId}/messages/{messageId}/edit", json: { text: "Taken over" } },
  { method: "POST", path: "/api/conversations/{conversationId}/messages/{messageId}/regenerate", json: {} },
  { method: "POST", path: "/api/conversations/{conversationId}/messages/{messageId}/branch-out", json: {} },
  // The body is not filled in; the conversation is checked before it is read.
  { method: "PUT", path: "/api/conversations/{conversationId}/branch", json: { message_id: "any-message" } },

  // Files: the upload (its body is never read for a foreign conversation) and the victim's real file.
  { method: "POST", path: "/api/conversations/{conversationId}/attachments?name=planted.txt", json: "Taken over" },
  { method: "GET", path: "/api/conversations/{conversationId}/attachments/{attachmentId}" },
  { method: "POST", path: "/api/slots/{slotId}/resolve", json: { value: { decision: "allow_once" } } },
  { method: "POST", path: "/api/slots/{slotId}/reject", json: { reason: "no" } },
];
