import "server-only";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import type { Provider } from "next-auth/providers";
import { authConfig } from "./auth-config";
import { signInSchema } from "@/lib/schemas/account";
import { checkCredentials } from "./check-credentials";
import { linkOAuthUser } from "./link-oauth-user";
import { clientIp } from "../http/client-ip";
import { randomUUID } from "node:crypto";
import { revokeSession, sessionVersionOf } from "@/lib/db/sessions";
import { serverEnv, type ServerEnv } from "@/lib/server/env";

class ThrottledSignIn extends CredentialsSignin {
  code = "throttled";
}

function providers(): Provider[] {
  const list: Provider[] = [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = signInSchema.safeParse(raw);
        if (!parsed.success) return null;
        const outcome = await checkCredentials(parsed.data.email, parsed.data.password, clientIp(request));
        if (outcome.kind === "throttled") throw new ThrottledSignIn();
        return outcome.kind === "ok" ? outcome.user : null;
      },
    }),
  ];
  // OAuth sign-in is switched on only where its credentials are configured.
  const configured = oauthProviders();
  if (configured.github) list.push(GitHub);
  if (configured.google) list.push(Google);
  return list;
}

export const oauthProviders = (env: ServerEnv = serverEnv()) => ({
  github: Boolean(env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET),
  google: Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET),
});

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  providers: providers(),
  callbacks: {
    ...authConfig.callbacks,
    // At sign-in the token gets its own session id (what sign-out revokes) and the user's session
    // version (what a password change or "sign out everywhere" moves past); see session-token.ts.
    async jwt({ token, user }) {
      if (!user?.id) return token;
      const sessionVersion = await sessionVersionOf(user.id);
      if (sessionVersion === null) return null;
      return { ...token, uid: user.id, sid: randomUUID(), sv: sessionVersion };
    },
    async signIn({ user, account, profile }) {
      if (!account || account.type === "credentials") return true;
      const linked = await linkOAuthUser({ account, email: user.email ?? profile?.email ?? null, name: user.name ?? null });
      if (!linked) return "/sign-in?error=OAuthAccountNotLinked";
      user.id = linked.id;
      return true;
    },
  },
  events: {
    // Sign-out ends this session for good, not only in this browser: a copy of the cookie is refused too.
    async signOut(message) {
      const token = "token" in message ? message.token : null;
      if (typeof token?.uid !== "string" || typeof token.sid !== "string" || typeof token.exp !== "number") return;
      await revokeSession({ sessionId: token.sid, userId: token.uid, expiresAt: new Date(token.exp * 1000) });
    },
  },
});
