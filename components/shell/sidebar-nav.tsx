"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";
import type { NavItem } from "@/components/shell/types";

/** The item whose href is the longest prefix of the path, so `/{slug}` is not current on `/{slug}/settings`. */
function currentHref(items: NavItem[], pathname: string): string | null {
  const matches = items
    .map((item) => item.href)
    .filter((href) => pathname === href || pathname.startsWith(href.endsWith("/") ? href : `${href}/`));
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}

export function SidebarNav({ items, label = "Main" }: { items: NavItem[]; label?: string }) {
  const pathname = usePathname() ?? "";
  const current = currentHref(items, pathname);
  return (
    <nav aria-label={label}>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => {
          const active = item.href === current;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm font-medium transition-colors [&_svg]:size-4 [&_svg]:shrink-0",
                  active ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
                )}
              >
                {item.icon && (
                  <span aria-hidden className="contents">
                    {item.icon}
                  </span>
                )}
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
