import type { ReactNode } from "react";

/** The signed-in person, as the shell shows them. */
export interface ShellUser {
  name: string | null;
  email: string;
  image?: string | null;
}

/** One organization the user belongs to; `slug` is the first segment of its URLs (`/{slug}/...`). */
export interface ShellOrganization {
  slug: string;
  name: string;
  role: "owner" | "admin" | "member";
}

export interface NavItem {
  href: string;
  label: string;
  /**
   * An icon element such as `<MessageSquareIcon />` (an element, not a component: it crosses from a
   * server component to the client nav, and only elements are serializable).
   */
  icon?: ReactNode;
}

export interface AppShellProps {
  user: ShellUser;
  organizations: ShellOrganization[];
  /** The organization the page belongs to; null on pages outside any organization (e.g. /account). */
  currentOrgSlug: string | null;
  /** Primary navigation, e.g. Chat `/{slug}`, Settings `/{slug}/settings`. The longest href matching the URL is marked current. */
  nav: NavItem[];
  /**
   * A server action that ends the session and redirects (e.g. calls next-auth's `signOut({ redirectTo: "/" })`).
   * Define it in a "use server" module or inline with "use server" in the calling server component.
   */
  signOutAction: () => Promise<void>;
  /** Extra sidebar section under the nav; it scrolls on its own. The conversation list goes here. */
  sidebarContent?: ReactNode;
  children: ReactNode;
}
