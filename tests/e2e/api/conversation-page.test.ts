import { describe, expect, it } from "vitest";
import { createAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { inviteAndJoin } from "../support/teams";

describe("the conversation page", () => {
  it("shows a conversation only under its own organization's address", async () => {
    const owner = await createAccount(appBaseURL(), "owner");
    const both = await createAccount(appBaseURL(), "both");
    await inviteAndJoin(owner, both, "member");
    const created = await both.client.json<{ conversation: { id: string } }>(`/api/conversations?org=${owner.orgSlug}`, { json: {} });
    expect(created.status).toBe(201);
    const id = created.body.conversation.id;

    expect((await both.client.request(`/${owner.orgSlug}/c/${id}`)).status).toBe(200);
    expect((await both.client.request(`/${both.orgSlug}/c/${id}`)).status).toBe(404);
    expect((await both.client.request(`/${owner.orgSlug}/c/no-such-conversation`)).status).toBe(404);
  });
});
