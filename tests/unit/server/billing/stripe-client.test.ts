// STRIPE_API_URL becomes the Stripe client's host, port and protocol (the tests' local fake);
// without it the client talks to Stripe itself.
import { describe, expect, it } from "vitest";
import { stripeClient, stripeHostOptions } from "@/lib/server/billing/stripe-client";
import { AppError } from "@/lib/server/http/app-error";

describe("stripeHostOptions", () => {
  it("splits an http URL with a port", () => {
    expect(stripeHostOptions("http://127.0.0.1:12111")).toEqual({ host: "127.0.0.1", port: "12111", protocol: "http" });
  });

  it("fills in the scheme's port when the URL names none", () => {
    expect(stripeHostOptions("https://stripe-proxy.internal")).toEqual({ host: "stripe-proxy.internal", port: 443, protocol: "https" });
    expect(stripeHostOptions("http://stripe-mock")).toEqual({ host: "stripe-mock", port: 80, protocol: "http" });
  });

  it("is empty without a URL: Stripe's own API", () => {
    expect(stripeHostOptions(undefined)).toEqual({});
  });
});

describe("stripeClient", () => {
  it("refuses with a sentence when there is no key", () => {
    expect(() => stripeClient({ STRIPE_SECRET_KEY: undefined, STRIPE_API_URL: undefined })).toThrow(AppError);
    expect(() => stripeClient({ STRIPE_SECRET_KEY: undefined, STRIPE_API_URL: undefined })).toThrow(/BILLING=stripe/);
  });

  it("is one client per key and URL", () => {
    const env = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_API_URL: "http://127.0.0.1:9" };
    expect(stripeClient(env)).toBe(stripeClient({ ...env }));
    expect(stripeClient({ ...env, STRIPE_API_URL: "http://127.0.0.1:10" })).not.toBe(stripeClient(env));
  });
});
