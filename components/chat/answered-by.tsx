import { RouteIcon, ShuffleIcon } from "lucide-react";
import type { AnsweredBy as AnsweredByData } from "@/lib/client/chat-state";

/** Why the model fallen back from did not answer, by `ModelErrorKind` (lib/models/model-error.ts). */
const FALLBACK_REASON: Record<string, string> = {
  auth: "its key was rejected",
  quota: "its quota or credit is used up",
  rate_limit: "it was rate limited",
  overloaded: "it was overloaded",
  server: "it had an internal error",
  network: "it could not be reached",
  timeout: "it took too long",
};

const score = (value: number) => value.toFixed(2);

/**
 * The line under an agent message that says which model wrote it, when that is news: a fallback
 * model (and why the configured one did not answer), or where light / heavy routing sent the request.
 * Drawn while the answer streams and kept on the stored message.
 */
export function AnsweredBy({ answeredBy }: { answeredBy: AnsweredByData }) {
  const { fallback, routed, usage } = answeredBy;
  if (!fallback && !routed) return null;
  const answerer = usage?.model ?? (fallback ? undefined : routed?.model);
  return (
    <div className="mt-1 grid gap-0.5 text-xs text-muted-foreground" data-answered-by>
      {fallback ? (
        <p className="flex items-center gap-1.5">
          <ShuffleIcon aria-hidden className="size-3.5 shrink-0" />
          {`${answerer ? `Answered by ${answerer}` : "Answered by a fallback model"}, because ${fallback.from} did not answer (${FALLBACK_REASON[fallback.kind] ?? "it failed"}).`}
        </p>
      ) : null}
      {routed ? (
        <p className="flex items-center gap-1.5">
          <RouteIcon aria-hidden className="size-3.5 shrink-0" />
          {routed.tier === "light"
            ? `Sent to the light model ${routed.model}: a simple request (score ${score(routed.score)}, under ${score(routed.threshold)}).`
            : `Sent to the main model ${routed.model} (score ${score(routed.score)}, at or over ${score(routed.threshold)}).`}
        </p>
      ) : null}
    </div>
  );
}
