import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signedRequest } from "@/lib/server/webhooks/outbound/attempt";
import { newSealedSecret } from "@/lib/server/webhooks/outbound/secrets";

process.env.AUTH_SECRET ??= "unit-test-secret-for-sealing-0123456789";

const payload = {
  id: "evt_0123456789abcdef0123456789abcdef",
  type: "run.completed",
  created_at: "2030-01-01T00:00:00.000Z",
  data: { a: "ü ✓" },
};

function endpointWith(
  current: ReturnType<typeof newSealedSecret>,
  previous: ReturnType<typeof newSealedSecret> | null,
  expiresAt: Date | null,
) {
  return {
    id: "endpoint1",
    organizationId: "org1",
    url: "https://example.com/hook",
    enabled: true,
    secretSealed: current.seal("endpoint1"),
    previousSecretSealed: previous?.seal("endpoint1") ?? null,
    previousSecretExpiresAt: expiresAt,
  };
}

const claimed = (endpoint: ReturnType<typeof endpointWith>) => ({
  delivery: { eventId: payload.id } as never,
  endpoint,
  payload,
});

describe("the signed request of a delivery", () => {
  it("sends the stored payload as the body, with webhook-id the event's id", () => {
    const current = newSealedSecret("org1");
    const { body, headers } = signedRequest(claimed(endpointWith(current, null, null)), new Date());
    expect(JSON.parse(body)).toEqual(payload);
    expect(headers["webhook-id"]).toBe(payload.id);
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(new Webhook(current.secret).verify(body, headers)).toEqual(payload);
  });

  it("during a rotation's grace both secrets sign, and a receiver holding either verifies", () => {
    const now = new Date();
    const old = newSealedSecret("org1");
    const current = newSealedSecret("org1");
    const { body, headers } = signedRequest(claimed(endpointWith(current, old, new Date(now.getTime() + 60_000))), now);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(current.secret).verify(body, headers)).toEqual(payload);
    expect(new Webhook(old.secret).verify(body, headers)).toEqual(payload);
    expect(() => new Webhook(newSealedSecret("org1").secret).verify(body, headers)).toThrow();
  });

  it("after the grace the previous secret no longer signs", () => {
    const now = new Date();
    const old = newSealedSecret("org1");
    const current = newSealedSecret("org1");
    const { body, headers } = signedRequest(claimed(endpointWith(current, old, new Date(now.getTime() - 1))), now);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(new Webhook(current.secret).verify(body, headers)).toEqual(payload);
    expect(() => new Webhook(old.secret).verify(body, headers)).toThrow();
  });

  it("a secret sealed for another endpoint does not open", () => {
    const current = newSealedSecret("org1");
    const endpoint = { ...endpointWith(current, null, null), id: "endpoint2" };
    expect(() => signedRequest(claimed(endpoint), new Date())).toThrow(/could not be decrypted/);
  });
});
