import { randomUUID } from "node:crypto";
import { hubSignature } from "@/lib/server/webhooks/signing";
import { appBaseURL } from "./env";
import type { TestAccount } from "./http-client";

export type InboundEndpoint = { id: string; name: string; tags: string[]; authKind: string; url: string; enabled: boolean };
export type InboundCreated = { endpoint: InboundEndpoint; secret: string };

/** An admin's new inbound endpoint (GitHub-style by default) of the account's organization. */
export async function createInboundEndpoint(account: TestAccount, json: Record<string, unknown> = {}, slug = account.orgSlug) {
  return account.client.json<InboundCreated & { error?: { code: string; message: string } }>(`/api/orgs/${slug}/inbound-endpoints`, {
    json: { name: "Finance system", tags: ["finance"], authKind: "hub_signature", correlationPath: "data.order_id", ...json },
  });
}

const rand = () => Math.floor(Math.random() * 250) + 1;
/** An address of its own per test file, so the refused-request throttle of one never reaches another. */
export const freshIp = () => `10.${rand()}.${rand()}.${rand()}`;

/** POSTs `body` to the receiver signed GitHub-style with `secret` (no cookie: the sender is another system). */
export async function sendHubEvent(endpointId: string, body: string, secret: string, from: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${appBaseURL()}/api/inbound/${endpointId}`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-hub-signature-256": hubSignature(body, secret),
      "x-github-delivery": randomUUID(),
      "x-forwarded-for": from,
      ...headers,
    },
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { error?: { code: string; message: string } },
  };
}
