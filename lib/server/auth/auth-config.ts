import type { NextAuthConfig } from "next-auth";
import { safeCallbackUrl } from "./safe-callback";

/**
 * The part of the Auth.js configuration that is safe for the proxy (proxy.ts: no database, no
 * argon2): JWT sessions, our pages, and the user id carried in the token.
 */
export const authConfig = {
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: "/sign-in", error: "/sign-in" },
  trustHost: true,
  providers: [],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.uid = user.id;
      return token;
    },
    // Auth.js follows its `callbackUrl` / `redirectTo` itself (OAuth, sign-out): same origin only.
    redirect({ url, baseUrl }) {
      return `${baseUrl}${safeCallbackUrl(url, "/app", baseUrl)}`;
    },
    session({ session, token }) {
      if (token.uid && session.user) session.user.id = token.uid as string;
      return session;
    },
  },
} satisfies NextAuthConfig;
