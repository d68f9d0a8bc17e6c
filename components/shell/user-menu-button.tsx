import { ChevronsUpDownIcon } from "lucide-react";
import { Avatar, AvatarFallback, AvatarImage, initials } from "@/components/ui/avatar";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { ShellUser } from "@/components/shell/types";
import { cn } from "@/lib/utils";

export const displayName = (user: ShellUser) => user.name?.trim() || user.email;

/** The user menu's trigger: avatar, name and email; a spinner while signing out. Other props go to the button (radix's trigger sets them). */
export function UserMenuButton({ user, signingOut, className, ...props }: { user: ShellUser; signingOut: boolean } & ButtonProps) {
  const name = displayName(user);
  return (
    <Button variant="ghost" className={cn("h-auto min-w-0 flex-1 justify-start gap-2.5 px-2 py-1.5 text-left", className)} {...props}>
      <Avatar>
        {user.image && <AvatarImage src={user.image} alt="" />}
        <AvatarFallback>{initials(name)}</AvatarFallback>
      </Avatar>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="sr-only">Account menu for </span>
        <span className="truncate text-sm font-medium">{name}</span>
        {user.name && <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>}
      </span>
      {signingOut ? <Spinner label="Signing out" /> : <ChevronsUpDownIcon aria-hidden className="text-muted-foreground" />}
    </Button>
  );
}
