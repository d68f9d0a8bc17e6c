"use client";

import Link from "next/link";
import { CheckIcon, ChevronsUpDownIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LogoMark } from "@/components/shell/logo";
import type { ShellOrganization } from "@/components/shell/types";

const roleLabel: Record<ShellOrganization["role"], string> = { owner: "Owner", admin: "Admin", member: "Member" };

/** Shows the current organization and lists the others as links to `/{slug}`. */
export function OrgSwitcher({
  organizations,
  currentOrgSlug,
}: {
  organizations: ShellOrganization[];
  currentOrgSlug: string | null;
}) {
  const current = organizations.find((org) => org.slug === currentOrgSlug) ?? null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-auto w-full justify-start gap-2.5 px-2 py-1.5 text-left">
          <LogoMark />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="sr-only">Switch organization. Current: </span>
            <span className="truncate text-sm font-semibold">{current?.name ?? "Handoff"}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">
              {current ? roleLabel[current.role] : "Choose an organization"}
            </span>
          </span>
          <ChevronsUpDownIcon aria-hidden className="text-muted-foreground" />
        </Button>
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
