import { SparklesIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DEMO_EXAMPLES, FEATURED_DEMO_EXAMPLES } from "@/lib/client/demo-examples";

/** A new conversation: what to try. With the demo model, its sentences exercise every card. */
export function EmptyChat({ usingDemoModel, onPick }: { usingDemoModel: boolean; onPick: (text: string) => void }) {
  const others = DEMO_EXAMPLES.filter((example) => !(FEATURED_DEMO_EXAMPLES as readonly string[]).includes(example));
  return (
    <div className="mx-auto grid max-w-xl gap-4 py-10 text-center">
      <div aria-hidden className="mx-auto flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SparklesIcon className="size-5" />
      </div>
      <div className="grid gap-1">
        <h2 className="font-semibold">What should the agent do?</h2>
        <p className="text-sm text-muted-foreground">
          {usingDemoModel
            ? "The offline demo model answers until an admin sets a model in the agent settings. It understands these sentences:"
            : "Ask anything. For a start, try one of these:"}
        </p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Suggestions">
        {FEATURED_DEMO_EXAMPLES.map((example) => (
          <li key={example}>
            <Button
              variant="outline"
              className="h-full w-full justify-start py-2 text-left whitespace-normal"
              onClick={() => onPick(example)}
            >
              {example}
            </Button>
          </li>
        ))}
      </ul>
      {usingDemoModel ? (
        <details className="text-left text-sm">
          <summary className="cursor-pointer text-center text-muted-foreground">More demo sentences</summary>
          <ul className="mt-2 grid gap-1">
            {others.map((example) => (
              <li key={example}>
                <Button variant="link" size="sm" className="h-auto px-0 text-left whitespace-normal" onClick={() => onPick(example)}>
                  {example}
                </Button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
