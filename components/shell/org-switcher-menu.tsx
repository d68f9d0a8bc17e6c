"use client";

import Link from "next/link";
import { CheckIcon } from "lucide-react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { LoadedPopupProps } from "@/components/ui/lazy-popup";
import { roleLabel } from "@/components/shell/role-label";
import type { ShellOrganization } from "@/components/shell/types";

/** The organization switcher's menu, loaded by OrgSwitcher on intent. */
export default function OrgSwitcherMenu({
  organizations,
  currentOrgSlug,
  trigger,
  triggerRef,
}: {
  organizations: ShellOrganization[];
  currentOrgSlug: string | null;
  trigger: React.ReactElement;
} & LoadedPopupProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild ref={triggerRef}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-56">
        <DropdownMenuLabel>Organizations</DropdownMenuLabel>
        {organizations.map((org) => {
          const isCurrent = org.slug === currentOrgSlug;
          return (
            <DropdownMenuItem key={org.slug} asChild>
              <Link href={`/${org.slug}`} aria-current={isCurrent ? "true" : undefined}>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate">{org.name}</span>
                  <span className="text-xs text-muted-foreground">{roleLabel[org.role]}</span>
                </span>
                {isCurrent && <CheckIcon aria-hidden />}
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
