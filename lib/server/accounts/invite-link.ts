import { serverEnv } from "@/lib/server/env";

/** The absolute accept link for an invite token, on the origin the inviter is using (unless APP_URL names the app's). */
export function inviteLink(requestOrigin: string, token: string): string {
  const base = serverEnv().APP_URL ?? requestOrigin;
  return new URL(`/invite/${token}`, base).toString();
}
