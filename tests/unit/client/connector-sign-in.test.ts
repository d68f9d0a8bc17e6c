import { describe, expect, it, vi } from "vitest";
import { startConnectorSignIn } from "@/components/settings/connectors-sign-in";

describe("startConnectorSignIn", () => {
  it("POSTs the start route with where to come back, and answers the authorization URL", async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(JSON.stringify({ authorization_url: "https://as.example/authorize?state=s" }), {
          headers: { "content-type": "application/json" },
        }),
    );
    const url = await startConnectorSignIn("acme", "conn/1", "/acme/chat/c1", fetchImpl as unknown as typeof fetch);
    expect(url).toBe("https://as.example/authorize?state=s");
    expect(fetchImpl).toHaveBeenCalledWith(
      "/api/orgs/acme/connectors/conn%2F1/oauth/start",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ return_to: "/acme/chat/c1" }) }),
    );
  });
});
