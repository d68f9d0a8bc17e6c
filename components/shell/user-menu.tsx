"use client";

import { lazyPopup } from "@/components/ui/lazy-popup";
import { UserMenuButton } from "@/components/shell/user-menu-button";
import type { ShellUser } from "@/components/shell/types";

const UserMenuDropdown = lazyPopup("menu", () => import("@/components/shell/user-menu-dropdown"));

/** The signed-in person's menu: account settings, sign out (the menu loads on intent, see lazy-popup.tsx). */
export function UserMenu({ user, signOutAction }: { user: ShellUser; signOutAction: () => Promise<void> }) {
  return <UserMenuDropdown user={user} signOutAction={signOutAction} trigger={<UserMenuButton user={user} signingOut={false} />} />;
}
