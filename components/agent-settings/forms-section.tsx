import Link from "next/link";
import type { AgentSettingsView } from "@/lib/schemas/agent-settings";

/** The "Forms" group: which of the organization's forms the agent may fill; empty state links to the forms page. */
export function FormsSection({
  slug,
  view,
  enabled,
  error,
  onChange,
}: {
  slug: string;
  view: AgentSettingsView;
  enabled: string[];
  error?: string;
  onChange: (keys: string[]) => void;
}) {
  return (
    <section aria-labelledby="agent-forms" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="agent-forms" className="text-lg font-semibold">
          Forms
        </h2>
        <p className="text-sm text-muted-foreground">Which of your team&apos;s forms the agent may fill in a conversation.</p>
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      {view.availableForms.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          Your team has no forms yet.{" "}
          <Link href={`/${slug}/forms`} className="font-medium text-foreground underline underline-offset-4">
            Create a form
          </Link>{" "}
          and switch it on here.
        </p>
      ) : (
        <ul className="grid gap-2">
          {view.availableForms.map((form) => (
            <li key={form.key} className="rounded-md border p-3">
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={enabled.includes(form.key)}
                  onChange={(e) => onChange(e.target.checked ? [...enabled, form.key] : enabled.filter((key) => key !== form.key))}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{form.name}</span>
                  <span className="font-mono text-xs text-muted-foreground">{form.key}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
