import Link from "next/link";
import { ArrowRightIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ChatMock } from "@/components/marketing/chat-mock";

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      {/* A soft glow in the primary colour; decorative. */}
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[32rem] max-w-4xl rounded-full bg-primary/15 blur-3xl"
      />
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div className="flex flex-col items-start gap-6">
          <Badge variant="secondary">AI agent + people, in one conversation</Badge>
          <h1 id="hero-title" className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            Your team&apos;s AI agent, with people in the loop
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">
            Handoff gives your team an agent that works in the browser and shows its work as it goes. When it needs a decision it asks right
            in the chat (approve this, pick one, fill this in) and waits as long as it takes. Nothing that is waiting is ever lost.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button size="lg" asChild>
              <Link href="/sign-up">
                Get started
                <ArrowRightIcon aria-hidden />
              </Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link href="/sign-in">Sign in</Link>
            </Button>
          </div>
        </div>
        <ChatMock />
      </div>
    </section>
  );
}
