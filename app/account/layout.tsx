import { redirect } from "next/navigation";
import { HomeIcon, UserIcon } from "lucide-react";
import { AppShell } from "@/components/shell/app-shell";
import { currentUser } from "@/lib/server/auth/session";
import { signOutAction } from "@/lib/server/auth/sign-out-action";
import { shellFor } from "@/app/_lib/shell";

export const dynamic = "force-dynamic";

export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  if (!user) redirect("/sign-in?callbackUrl=/account");
  const shell = await shellFor(user);
  const home = shell.organizations[0]?.slug;
  return (
    <AppShell
      {...shell}
      currentOrgSlug={home ?? null}
      nav={
        home
          ? [
              { href: `/${home}`, label: "Home", icon: <HomeIcon /> },
              { href: "/account", label: "Account", icon: <UserIcon /> },
            ]
          : [{ href: "/account", label: "Account", icon: <UserIcon /> }]
      }
      signOutAction={signOutAction}
    >
      {children}
    </AppShell>
  );
}
