"use client";

import { ChevronsUpDownIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { lazyPopup } from "@/components/ui/lazy-popup";
import { LogoMark } from "@/components/shell/logo";
import { roleLabel } from "@/components/shell/role-label";
import type { ShellOrganization } from "@/components/shell/types";

const OrgSwitcherMenu = lazyPopup("menu", () => import("@/components/shell/org-switcher-menu"));

/** Shows the current organization and lists the others as links to `/{slug}` (the menu loads on intent, see lazy-popup.tsx). */
export function OrgSwitcher({ organizations, currentOrgSlug }: { organizations: ShellOrganization[]; currentOrgSlug: string | null }) {
  const current = organizations.find((org) => org.slug === currentOrgSlug) ?? null;
  return (
    <OrgSwitcherMenu
      organizations={organizations}
      currentOrgSlug={currentOrgSlug}
      trigger={
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
      }
    />
  );
}
