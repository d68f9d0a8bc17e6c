import { randomBytes } from "node:crypto";

// Top-level paths the app owns; an organization may not take them as its slug.
const RESERVED = new Set([
  "api",
  "account",
  "sign-in",
  "sign-up",
  "sign-out",
  "invite",
  "invites",
  "settings",
  "new",
  "app",
  "_next",
  "static",
  "public",
  "favicon.ico",
  "robots.txt",
  "docs",
  "admin",
  "auth",
  "login",
  "logout",
]);

export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  if (base.length < 2 || RESERVED.has(base)) return `team-${randomSuffix()}`;
  return base;
}

export const randomSuffix = () => randomBytes(3).toString("hex");
