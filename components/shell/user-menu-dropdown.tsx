"use client";

import * as React from "react";
import Link from "next/link";
import { LogOutIcon, UserIcon } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { LoadedPopupProps } from "@/components/ui/lazy-popup";
import { displayName, type UserMenuButton } from "@/components/shell/user-menu-button";
import type { ShellUser } from "@/components/shell/types";

/** The user menu itself, loaded by UserMenu on intent. */
export default function UserMenuDropdown({
  user,
  signOutAction,
  trigger,
  triggerRef,
}: {
  user: ShellUser;
  signOutAction: () => Promise<void>;
  trigger: React.ReactElement<React.ComponentProps<typeof UserMenuButton>>;
} & LoadedPopupProps) {
  const [signingOut, startSignOut] = React.useTransition();
  const name = displayName(user);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild ref={triggerRef}>
        {React.cloneElement(trigger, { signingOut })}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" side="top" className="w-(--radix-dropdown-menu-trigger-width) min-w-56">
        <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
          <span className="truncate text-sm font-medium text-foreground">{name}</span>
          {user.name && <span className="truncate">{user.email}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/account">
            <UserIcon aria-hidden />
            Account settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {/* Called directly rather than through a <form> inside the menu: the menu unmounts on select,
            and a form removed from the page before its submit runs is never submitted. */}
        <DropdownMenuItem disabled={signingOut} onSelect={() => startSignOut(() => signOutAction())}>
          <LogOutIcon aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
