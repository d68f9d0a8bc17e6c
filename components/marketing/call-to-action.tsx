import Link from "next/link";
import { Button } from "@/components/ui/button";

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-5 px-4 py-16 text-center sm:px-6">
        <h2 id="cta-title" className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          Give your team an agent that asks before it acts
        </h2>
        <p className="max-w-xl text-pretty text-muted-foreground">
          Create an organization, invite your team and start a conversation. It works without an AI provider key: a built-in demo model
          shows every feature and says that it is the demo.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" asChild>
            <Link href="/sign-up">Create your organization</Link>
          </Button>
          <Button size="lg" variant="ghost" asChild>
            <Link href="/sign-in">I already have an account</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
