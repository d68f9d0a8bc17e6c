import { Logo } from "@/components/shell/logo";
import { MobileSidebar } from "@/components/shell/mobile-sidebar";
import { OrgSwitcher } from "@/components/shell/org-switcher";
import { PageSwitch } from "@/components/shell/page-switch";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import { UserMenu } from "@/components/shell/user-menu";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import type { AppShellProps } from "@/components/shell/types";

export type { AppShellProps, NavItem, ShellOrganization, ShellUser } from "@/components/shell/types";

function SidebarBody({ user, organizations, currentOrgSlug, nav, signOutAction, sidebarContent }: Omit<AppShellProps, "children">) {
  return (
    <div className="flex h-full min-h-0 flex-col gap-2 p-3">
      {/* Leave room for the drawer's close button, which sits top-right. */}
      <div className="pr-9 md:pr-0">
        <OrgSwitcher organizations={organizations} currentOrgSlug={currentOrgSlug} />
      </div>
      <SidebarNav items={nav} />
      <div className="relative -mx-3 min-h-0 flex-1 overflow-y-auto border-t px-3 pt-2">{sidebarContent}</div>
      <div className="flex items-center gap-1 border-t pt-2">
        <UserMenu user={user} signOutAction={signOutAction} />
        <ThemeToggle />
      </div>
    </div>
  );
}

/**
 * The frame of every signed-in page: sidebar (organization switcher, nav, `sidebarContent`, user menu)
 * on md+ screens, a top bar with a drawer below that, and the page in `<main id="main">`, which is
 * the scroll container: a chat page can fill it with `h-full` and keep its composer in view.
 */
export function AppShell({ children, ...sidebar }: AppShellProps) {
  return (
    <div className="flex h-dvh overflow-hidden">
      <aside aria-label="Sidebar" className="hidden w-64 shrink-0 border-r bg-muted/40 md:block">
        <SidebarBody {...sidebar} />
      </aside>
      {/* Small screens: a page with its own header row (the chat's, data-chat-header) gets the menu button
          laid over its left end instead of a second bar above it. */}
      <div className="relative flex min-w-0 flex-1 flex-col [&:has([data-chat-header])>header]:absolute [&:has([data-chat-header])>header]:z-10 [&:has([data-chat-header])>header]:border-0 [&:has([data-chat-header])>header_[data-shell-logo]]:hidden">
        <header className="flex h-14 shrink-0 items-center gap-2 border-b px-2 md:hidden">
          <MobileSidebar>
            <SidebarBody {...sidebar} />
          </MobileSidebar>
          <span data-shell-logo className="contents">
            <Logo />
          </span>
        </header>
        {/* relative: absolutely positioned descendants (sr-only text, radix's hidden <select>) stay inside
            the scroll container instead of stretching the document. */}
        <main id="main" tabIndex={-1} className="relative min-h-0 flex-1 overflow-y-auto focus-visible:outline-none">
          <PageSwitch>{children}</PageSwitch>
        </main>
      </div>
    </div>
  );
}
