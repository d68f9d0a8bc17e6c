// A loopback server speaking the parts of Stripe's API that Handoff calls, for the real `stripe`
// client pointed at it (STRIPE_API_URL → host/port/protocol): customers, Checkout sessions, portal
// sessions (for customers it created), subscriptions to read (`GET /v1/subscriptions/:id`, as a test stored them) and Billing
// Meter events, with form-encoded bodies as the client sends them. It honours `Idempotency-Key` (the
// same key replays the first answer for 24 hours) and refuses a meter event whose identifier it
// accepted within the last 24 hours (Stripe promises "a rolling period of at least 24 hours", so the
// fake keeps exactly that, and `passTime` moves its clock), records every request, and serves the
// pages a Checkout or portal `url` points at, so a browser test can see the redirect land.
// `failNext` makes the next requests to a path fail (503 by default, no client retry).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { TEST_STRIPE_WEBHOOK_SECRET } from "./billing-env";

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** The form body, its bracketed keys nested (`line_items[0][price]` → `{line_items: [{price}]}`). */
  body: Record<string, unknown>;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  /** Meter events Stripe accepted, in order (an identifier twice only more than 24 hours apart). */
  meterEvents: Record<string, unknown>[];
  /** Subscriptions `GET /v1/subscriptions/:id` answers with (the state "now"); unknown ids are 404 `resource_missing`. */
  subscriptions: Map<string, Record<string, unknown>>;
  /** Stores a subscription object (stripeObjects.subscription) as its current state. */
  putSubscription(subscription: Record<string, unknown>): void;
  /** The next `count` requests to `path` fail with `status` (503: an outage, `Stripe-Should-Retry: false`; 4xx: a refusal). */
  failNext(path: string, count?: number, status?: number): void;
  requestsTo(path: string): FakeStripeRequest[];
  /** Forgets every idempotency key, as Stripe may after 24 hours (meter identifiers are kept by their own window). */
  forgetIdempotencyKeys(): void;
  /** Moves the fake's clock on: idempotency keys and meter identifiers older than 24 hours by it are forgotten. */
  passTime(ms: number): void;
  close(): Promise<void>;
}

/** `a[b][0][c]=v` pairs as nested objects and arrays, as Stripe reads them. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else {
        slot[part] ??= /^\d+$/.test(parts[index + 1]) ? [] : {};
        node = slot[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, {
    "content-type": "application/json",
    "request-id": `req_${Math.random().toString(36).slice(2)}`,
    ...headers,
  });
  response.end(JSON.stringify(body));
};

const page = (response: ServerResponse, title: string, text: string) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  response.end(`<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`);
};

let counter = 0;
const newId = (prefix: string) =>
  `${prefix}_fake${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const invalid = (message: string, code?: string, param?: string) => ({
  error: { type: "invalid_request_error", message, ...(code && { code }), ...(param && { param }) },
});

/** How long Stripe refuses a meter event identifier it has (its docs: "a rolling period of at least 24 hours"). */
export const METER_IDENTIFIER_WINDOW_MS = 24 * 3_600_000;

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const meterEvents: Record<string, unknown>[] = [];
  const identifiers = new Map<string, number>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const customers = new Set<string>();
  const replies = new Map<string, { status: number; body: unknown; at: number }>();
  const failures = new Map<string, { count: number; status: number }>();
  let base = "";
  let offset = 0;
  const clock = () => Date.now() + offset;

  const answer = (path: string, body: Record<string, unknown>): { status: number; body: unknown } => {
    const now = Math.floor(clock() / 1000);
    if (path === "/v1/customers") {
      const id = newId("cus");
      customers.add(id);
      return { status: 200, body: { id, object: "customer", created: now, name: body.name ?? null, metadata: body.metadata ?? {} } };
    }
    if (path === "/v1/checkout/sessions") {
      if (!body.customer || !Array.isArray(body.line_items)) return { status: 400, body: invalid("Missing customer or line_items.") };
      // A customer the fake never created (or one deleted in the dashboard): Stripe's answer.
      if (!customers.has(String(body.customer)))
        return { status: 400, body: invalid(`No such customer: '${String(body.customer)}'`, "resource_missing", "customer") };
      const id = newId("cs");
      return {
        status: 200,
        body: { id, object: "checkout.session", url: `${base}/checkout/${id}`, created: now, expires_at: now + 86_400, ...body },
      };
    }
    if (path === "/v1/billing_portal/sessions") {
      if (!body.customer) return { status: 400, body: invalid("Missing required param: customer.") };
      const id = newId("bps");
      return { status: 200, body: { id, object: "billing_portal.session", url: `${base}/portal/${id}`, ...body } };
    }
    if (path === "/v1/billing/meter_events") {
      const identifier = String(body.identifier ?? newId("mev"));
      const seen = identifiers.get(identifier);
      // Stripe's answer to a duplicate: a 400 whose message says so (no code to match).
      if (seen !== undefined && clock() - seen < METER_IDENTIFIER_WINDOW_MS)
        return { status: 400, body: invalid(`An event already exists with identifier ${identifier}.`) };
      const event = {
        object: "billing.meter_event",
        created: now,
        identifier,
        event_name: body.event_name,
        payload: body.payload,
        timestamp: Number(body.timestamp),
      };
      identifiers.set(identifier, clock());
      meterEvents.push(event);
      return { status: 200, body: event };
    }
    return { status: 404, body: invalid(`Unrecognized request URL (POST: ${path}).`) };
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", base);
    if (request.method === "GET" && url.pathname.startsWith("/checkout/"))
      return page(response, "Fake Stripe Checkout", url.pathname.slice(10));
    if (request.method === "GET" && url.pathname.startsWith("/portal/")) return page(response, "Fake Stripe portal", url.pathname.slice(8));
    const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
    const body = parseStripeForm(await readBody(request));
    requests.push({ method: request.method ?? "GET", path: url.pathname, idempotencyKey, body });
    const failing = failures.get(url.pathname);
    if (failing && failing.count > 0) {
      failures.set(url.pathname, { ...failing, count: failing.count - 1 });
      if (failing.status < 500)
        return send(response, failing.status, invalid("The fake refuses this on purpose.", "parameter_invalid_integer"));
      return send(
        response,
        failing.status,
        { error: { type: "api_error", message: "The fake is failing on purpose." } },
        { "stripe-should-retry": "false" },
      );
    }
    const subscriptionId = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname)?.[1];
    if (request.method === "GET" && subscriptionId) {
      const subscription = subscriptions.get(decodeURIComponent(subscriptionId));
      if (!subscription) return send(response, 404, invalid(`No such subscription: '${subscriptionId}'`, "resource_missing", "id"));
      return send(response, 200, subscription);
    }
    if (request.method !== "POST") return send(response, 404, invalid(`Unrecognized request URL (${request.method}: ${url.pathname}).`));
    const key = idempotencyKey && `${url.pathname} ${idempotencyKey}`;
    const replayed = key ? replies.get(key) : undefined;
    if (replayed && clock() - replayed.at < METER_IDENTIFIER_WINDOW_MS)
      return send(response, replayed.status, replayed.body, { "idempotent-replayed": "true" });
    const reply = answer(url.pathname, body);
    if (key && reply.status < 500) replies.set(key, { ...reply, at: clock() });
    send(response, reply.status, reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    meterEvents,
    subscriptions,
    putSubscription: (subscription) => subscriptions.set(String(subscription.id), subscription),
    failNext: (path, count = 1, status = 503) => failures.set(path, { count, status }),
    requestsTo: (path) => requests.filter((request) => request.path === path),
    forgetIdempotencyKeys: () => replies.clear(),
    passTime: (ms) => {
      offset += ms;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface SignedStripeEvent {
  id: string;
  payload: string;
  signature: string;
}

/**
 * A Stripe event as Stripe sends it, signed with `stripe.webhooks.generateTestHeaderString`:
 * `created` (seconds) defaults to now, the signature's timestamp to now, the secret to the tests'.
 */
export function signedStripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number; secret?: string; timestamp?: number } = {},
): SignedStripeEvent {
  const id = options.id ?? newId("evt");
  const created = options.created ?? Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    type,
    livemode: false,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_STRIPE_WEBHOOK_SECRET,
    ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
  });
  return { id, payload, signature };
}

/** The request Stripe would POST for `event` to the app at `baseURL` (or to `/api/webhooks/stripe` of any origin). */
export function stripeWebhookRequest(baseURL: string, event: Pick<SignedStripeEvent, "payload" | "signature">): Request {
  return new Request(`${baseURL}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    body: event.payload,
  });
}

/** POSTs a signed event to the app, as Stripe does; the answer's status and JSON body. */
export async function deliverStripeEvent(baseURL: string, event: SignedStripeEvent): Promise<{ status: number; body: unknown }> {
  const response = await fetch(stripeWebhookRequest(baseURL, event));
  return { status: response.status, body: await response.json() };
}

/** Stripe objects as the pinned API version shapes them (only what Handoff reads, plus the ids). */
export const stripeObjects = {
  subscription(options: {
    id: string;
    customer: string;
    organizationId?: string;
    status?: string;
    price?: string;
    periodEnd?: number;
    cancelAtPeriodEnd?: boolean;
  }): Record<string, unknown> {
    return {
      id: options.id,
      object: "subscription",
      customer: options.customer,
      status: options.status ?? "active",
      cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
      metadata: options.organizationId ? { organization_id: options.organizationId } : {},
      items: {
        object: "list",
        data: [
          {
            id: `si_${options.id}`,
            object: "subscription_item",
            price: { id: options.price ?? "price_test_pro" },
            current_period_end: options.periodEnd ?? null,
          },
        ],
      },
    };
  },
  invoice(options: { id: string; customer: string; subscription?: string; organizationId?: string }): Record<string, unknown> {
    return {
      id: options.id,
      object: "invoice",
      customer: options.customer,
      parent: {
        type: "subscription_details",
        subscription_details: {
          subscription: options.subscription ?? null,
          metadata: options.organizationId ? { organization_id: options.organizationId } : {},
        },
      },
    };
  },
  checkoutSession(options: { id: string; organizationId: string; customer: string; subscription: string }): Record<string, unknown> {
    return {
      id: options.id,
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: options.organizationId,
      customer: options.customer,
      subscription: options.subscription,
      metadata: { organization_id: options.organizationId },
    };
  },
};
