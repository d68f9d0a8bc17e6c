import { headers } from "next/headers";
import { cache } from "react";
import { findUserById } from "@/lib/db/users";
import { unauthorized } from "../http/app-error";
import { sessionUserIdFromCookies } from "./session-token";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/**
 * The signed-in user, re-read from the database (a deleted user's token no longer works); once
 * per server render, however many layouts and pages ask.
 */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const id = await sessionUserId();
  if (!id) return null;
  const user = await findUserById(id);
  return user ? { id: user.id, email: user.email, name: user.name } : null;
});

export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) throw unauthorized();
  return user;
}

/**
 * The signed-in user's id from the session alone, without reading the user. Only for routes whose
 * next query joins the user's membership (a deleted user has none, so gets 404 there).
 */
export async function requireSessionUserId(): Promise<string> {
  const id = await sessionUserId();
  if (!id) throw unauthorized();
  return id;
}

/** The session's user id (the cookie's JWT, decrypted; see session-token.ts), once per server render or request. */
const sessionUserId = cache(async (): Promise<string | null> => sessionUserIdFromCookies((await headers()).get("cookie")));
