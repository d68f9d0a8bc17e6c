import { headers } from "next/headers";
import { cache } from "react";
import { findUserById } from "@/lib/db/users";
import { unauthorized } from "../http/app-error";
import { sessionClaim } from "./session-token";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/**
 * The signed-in user for pages and layouts (server components have no request; route handlers
 * get theirs from the route builders, lib/server/http/route-builders.ts). The same resolver as
 * the builders (the cookie's claim, checked against the database), then the user re-read (a
 * deleted user's token no longer works); once per server render, however many layouts and pages ask.
 */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const claim = await sessionClaim((await headers()).get("cookie"));
  if (!claim) return null;
  const [current, user] = await Promise.all([claim.isCurrent(), findUserById(claim.principal.userId)]);
  return current && user ? { id: user.id, email: user.email, name: user.name } : null;
});

/** For pages that redirect when signed out. */
export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) throw unauthorized();
  return user;
}
