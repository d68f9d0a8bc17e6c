import { serverEnv } from "@/lib/server/env";

/** The absolute accept link for an invite token, on the origin the inviter is using. */
export function inviteLink(request: Request, token: string): string {
  const base = serverEnv().APP_URL ?? new URL(request.url).origin;
  return new URL(`/invite/${token}`, base).toString();
}
