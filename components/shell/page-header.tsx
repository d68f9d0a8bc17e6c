import * as React from "react";
import { cn } from "@/lib/utils";

export interface PageHeaderProps {
  /** The page's one `<h1>`. */
  title: React.ReactNode;
  description?: React.ReactNode;
  className?: string;
}

export function PageHeader({ title, description, className }: PageHeaderProps) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1 border-b pb-5", className)}>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {description && <p className="text-sm text-muted-foreground">{description}</p>}
    </div>
  );
}
