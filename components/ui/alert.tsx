import * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/utils";

const alertVariants = cva(
  "relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm has-[>svg]:grid-cols-[1rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5",
  {
    variants: {
      variant: {
        default: "bg-card text-card-foreground [&>svg]:text-foreground",
        info: "border-primary/30 bg-primary/10 [&>svg]:text-primary [&_[data-slot=alert-title]]:text-primary",
        success: "border-success/30 bg-success/10 [&>svg]:text-success [&_[data-slot=alert-title]]:text-success",
        warning: "border-warning/30 bg-warning/10 [&>svg]:text-warning [&_[data-slot=alert-title]]:text-warning",
        destructive: "border-destructive/30 bg-destructive/10 [&>svg]:text-destructive [&_[data-slot=alert-title]]:text-destructive",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export interface AlertProps extends React.ComponentProps<"div">, VariantProps<typeof alertVariants> {}

/**
 * A message box. Destructive alerts get role="alert" so screen readers announce them when they
 * appear (form errors); the others are role="status", which is announced politely.
 */
export function Alert({ className, variant, role, ...props }: AlertProps) {
  return (
    <div role={role ?? (variant === "destructive" ? "alert" : "status")} className={cn(alertVariants({ variant }), className)} {...props} />
  );
}

export function AlertTitle({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="alert-title" className={cn("col-start-2 font-medium leading-tight", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("col-start-2 text-sm text-foreground/90 [&_p]:leading-relaxed", className)} {...props} />;
}
