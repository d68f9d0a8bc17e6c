import type { TestAccount } from "./http-client";
import { createAccount } from "./http-client";

/** `inviter` invites `invitee` by email with `role`; the invitee accepts. Returns the link used. */
export async function inviteAndJoin(inviter: TestAccount, invitee: TestAccount, role: "owner" | "admin" | "member" = "member") {
  const created = await inviter.client.json<{ link: string }>(`/api/orgs/${inviter.orgSlug}/invites`, {
    json: { email: invitee.email, role },
  });
  if (created.status !== 201) throw new Error(`invite failed: ${created.status} ${JSON.stringify(created.body)}`);
  const token = new URL(created.body.link).pathname.split("/").pop()!;
  const accepted = await invitee.client.json(`/api/invites/accept`, { json: { token } });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return created.body.link;
}

export async function teamOf(baseURL: string) {
  const owner = await createAccount(baseURL, "owner");
  const admin = await createAccount(baseURL, "admin");
  const member = await createAccount(baseURL, "member");
  await inviteAndJoin(owner, admin, "admin");
  await inviteAndJoin(owner, member, "member");
  return { owner, admin, member, slug: owner.orgSlug };
}
