import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { defaultRenderers } from "@/components/renderers/registry";
import { saveTokenAndAnswer } from "@/components/renderers/reconnect-connector";
import type { CardAnswer } from "@/components/renderers/types";
import { RECONNECT_CONNECTOR, type ReconnectConnectorProps } from "@/lib/tools/reconnect-connector/shape";
import { slot } from "./fixtures";

vi.mock("next/navigation", () => ({ useParams: () => ({ orgSlug: "acme" }) }));

const base: ReconnectConnectorProps = {
  connectorId: "conn-1",
  connectorName: "crm",
  connectorTitle: "Acme CRM",
  authMode: "per_person",
  reason: "The token expired.",
};

function recordingAnswer() {
  const resolved: unknown[] = [];
  const rejected: unknown[] = [];
  const answer: CardAnswer = {
    pending: false,
    resolve: async (value) => (resolved.push(value), true),
    reject: async (reason) => (rejected.push(reason), true),
  };
  return { answer, resolved, rejected };
}

function draw(props: Partial<ReconnectConnectorProps>, canAdmin = false) {
  const card = defaultRenderers[RECONNECT_CONNECTOR];
  const all = { ...base, ...props };
  return renderToStaticMarkup(
    card.render({
      slot: slot({ id: "s1", call_id: "call1", renderer: RECONNECT_CONNECTOR, tool_name: "crm__lookup", props: all, status: "pending" }),
      props: card.propsSchema!.parse(all),
      answer: recordingAnswer().answer,
      conversationId: "c1",
      canAdmin,
      teamName: "Team",
    }) as Parameters<typeof renderToStaticMarkup>[0],
  );
}

describe("reconnect_connector card", () => {
  it("per person: a password field for the person's own token, Save and try again, Cancel; no admin link", () => {
    const html = draw({});
    expect(html).toContain("Reconnect Acme CRM");
    expect(html).toContain("The server said: The token expired.");
    expect(html).toMatch(/<input[^>]*type="password"/);
    expect(html).toContain("Your token for Acme CRM");
    expect(html).toContain(">Save and try again<");
    expect(html).toContain(">Sign in with Acme CRM<");
    expect(html).toContain(">Cancel<");
    // Try again comes once the sign-in tab was opened.
    expect(html).not.toContain(">Try again<");
    expect(html).not.toContain("/settings/connectors");
  });

  it("a shared token, for a member: an admin must update the connector; Try again and Cancel, no token field, no link", () => {
    const html = draw({ authMode: "shared" });
    expect(html).toContain("An admin must update the connector");
    expect(html).not.toContain("<input");
    expect(html).not.toContain("Sign in with");
    expect(html).toContain(">Try again<");
    expect(html).toContain(">Cancel<");
    expect(html).not.toContain("/settings/connectors");
  });

  it("a shared token, for an admin: a link to the organization's connector settings", () => {
    const html = draw({ authMode: "shared" }, true);
    expect(html).toContain('href="/acme/settings/connectors"');
    expect(html).toContain(">Try again<");
  });

  it("says how it was answered", () => {
    const card = defaultRenderers[RECONNECT_CONNECTOR];
    expect(card.describe?.({ reconnected: true }, base)).toBe("Reconnected");
    expect(card.describe?.({ reconnected: false }, base)).toBe("Tried again");
  });
});

describe("saving a token from the card", () => {
  it("PUTs {token} to the connector's credential route, then answers {reconnected: true} without the token", async () => {
    const { answer, resolved } = recordingAnswer();
    const fetchImpl = vi.fn(async () => new Response(null, { status: 204 }));
    expect(await saveTokenAndAnswer("acme", "conn/1", "tok-123", answer, fetchImpl as unknown as typeof fetch)).toBeNull();
    expect(fetchImpl).toHaveBeenCalledWith(
      "/api/orgs/acme/connectors/conn%2F1/credential",
      expect.objectContaining({ method: "PUT", body: JSON.stringify({ token: "tok-123" }) }),
    );
    expect(resolved).toEqual([{ reconnected: true }]);
  });

  it("a 422 shows the server's message and leaves the card unanswered", async () => {
    const { answer, resolved } = recordingAnswer();
    const refused = { error: { code: "invalid_token", message: "The server refused this token.", details: {} } };
    const fetchImpl = async () => new Response(JSON.stringify(refused), { status: 422, headers: { "content-type": "application/json" } });
    expect(await saveTokenAndAnswer("acme", "conn-1", "bad", answer, fetchImpl)).toBe("The server refused this token.");
    expect(resolved).toEqual([]);
  });
});
