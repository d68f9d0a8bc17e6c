import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { REQUEST_TOKEN_BUDGET_DEFAULT, REQUEST_TOKEN_BUDGET_MAX, REQUEST_TOKEN_BUDGET_MIN } from "@/lib/schemas/agent-settings";

/** The "Limits" group: how many effective tokens one request may spend before the agent stops and sums up. */
export function BudgetField({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <section aria-labelledby="agent-limits" className="grid gap-4">
      <h2 id="agent-limits" className="text-lg font-semibold">
        Limits
      </h2>
      <FormField
        label="Budget per request (effective tokens)"
        description={
          `Leave empty for the default of ${REQUEST_TOKEN_BUDGET_DEFAULT.toLocaleString("en-US")}. Effective tokens count input once, ` +
          "cached input a tenth and output four times, subagents included. Past the budget the agent stops, sums up, and the person can reply “continue”."
        }
        error={error}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={REQUEST_TOKEN_BUDGET_MIN}
          max={REQUEST_TOKEN_BUDGET_MAX}
          placeholder={String(REQUEST_TOKEN_BUDGET_DEFAULT)}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="max-w-48"
        />
      </FormField>
    </section>
  );
}
