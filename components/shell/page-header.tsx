import * as React from "react";
import { cn } from "@/lib/utils";

export interface PageHeaderProps {
  /** The page's one `<h1>`. */
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons for the page as a whole (e.g. "Invite member"); they wrap under the title on narrow screens. */
  actions?: React.ReactNode;
  className?: string;
}

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn("flex flex-col gap-4 border-b pb-5 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
