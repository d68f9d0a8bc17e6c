import { CheckIcon, ShieldCheckIcon, SparklesIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card, CardContent, CardFooter, CardHeader } from "@/components/ui/card";
import { Kbd } from "@/components/ui/kbd";

function Message({ from, children }: { from: "person" | "agent"; children: React.ReactNode }) {
  const agent = from === "agent";
  return (
    <div className={cn("flex gap-3", !agent && "flex-row-reverse")}>
      <Avatar className="size-7">
        <AvatarFallback className={cn(agent && "bg-primary text-primary-foreground")}>
          {agent ? <SparklesIcon aria-hidden className="size-3.5" /> : "MR"}
        </AvatarFallback>
      </Avatar>
      <div className={cn("flex max-w-[85%] flex-col gap-2", !agent && "items-end")}>
        <span className="sr-only">{agent ? "Agent:" : "Maya:"}</span>
        {children}
      </div>
    </div>
  );
}

/**
 * A still picture of a conversation: an agent asks for approval inline and waits. Built from the real
 * primitives so it looks like the product, but nothing in it is interactive: the "buttons" are spans,
 * so keyboard users do not land on controls that do nothing.
 */
export function ChatMock() {
  return (
    <figure className="w-full">
      <div className="overflow-hidden rounded-xl border bg-card shadow-xl shadow-primary/5">
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <div className="flex min-w-0 items-center gap-2">
            <span aria-hidden className="size-2 rounded-full bg-success" />
            <span className="truncate text-sm font-medium">Support agent · Refund for order #4821</span>
          </div>
          <Badge variant="outline" className="hidden sm:inline-flex">
            Acme Support
          </Badge>
        </div>

        <div className="flex flex-col gap-4 px-4 py-5 text-sm">
          <Message from="person">
            <p className="rounded-2xl rounded-tr-sm bg-primary px-3.5 py-2 text-primary-foreground">
              Refund order #4821 for Dana, the parcel arrived damaged.
            </p>
          </Message>

          <Message from="agent">
            <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <CheckIcon aria-hidden className="size-3.5 text-success" />
              Looked up order #4821
            </p>
            <p className="leading-relaxed">
              Found it: $184.00, paid by card on 12 May. Refunds over $100 need a person to approve, so I asked.
            </p>

            <Card className="gap-3 border-primary/40 py-4 shadow-none">
              <CardHeader className="px-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="flex items-center gap-2 font-semibold">
                    <ShieldCheckIcon aria-hidden className="size-4 text-primary" />
                    Approve refund?
                  </p>
                  <Badge variant="warning">Waiting for approval</Badge>
                </div>
              </CardHeader>
              <CardContent className="px-4">
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Tool</dt>
                  <dd className="font-mono text-xs leading-5">issue_refund</dd>
                  <dt className="text-muted-foreground">Amount</dt>
                  <dd>$184.00</dd>
                  <dt className="text-muted-foreground">To</dt>
                  <dd>Dana Whitfield, card ending 4242</dd>
                </dl>
              </CardContent>
              <CardFooter className="flex-wrap px-4">
                <span className={buttonVariants({ size: "sm" })}>Approve</span>
                <span className={buttonVariants({ size: "sm", variant: "outline" })}>Deny</span>
                <span className="ml-auto text-xs text-muted-foreground">Asked by the agent · 2 min ago</span>
              </CardFooter>
            </Card>
          </Message>
        </div>

        <div className="border-t p-3">
          <div className="flex items-center justify-between rounded-lg border border-input bg-background px-3 py-2 text-sm text-muted-foreground">
            <span>Message the agent…</span>
            <Kbd>Enter</Kbd>
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted-foreground">
        The agent stops and waits for a person. The card stays in the chat until someone answers, even across restarts.
      </figcaption>
    </figure>
  );
}
