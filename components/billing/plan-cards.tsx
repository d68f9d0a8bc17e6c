import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { BillingState } from "@/lib/schemas/billing";

const LIMIT_WORDS: Record<keyof BillingState["plans"][number]["limits"], string> = {
  messages: "messages a month",
  tokens: "model tokens a month",
  seats: "seats",
  apiRequests: "API requests a month",
  webhookEndpoints: "webhook endpoints",
  forms: "forms",
};

const count = (value: number | null) => (value === null ? "Unlimited" : value.toLocaleString("en"));

/** The plans side by side: price, limits and features; the one that applies now is marked. */
export function PlanCards({ plans, current }: { plans: BillingState["plans"]; current: BillingState["plan"] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {plans.map((plan) => (
        <Card key={plan.key} aria-labelledby={`plan-${plan.key}`}>
          <CardHeader>
            <CardTitle as="h3" id={`plan-${plan.key}`} className="flex items-center gap-2">
              {plan.name}
              {plan.key === current && <Badge>Current plan</Badge>}
            </CardTitle>
            <CardDescription>{plan.price}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <ul className="grid gap-1" aria-label={`${plan.name} limits`}>
              {(Object.keys(LIMIT_WORDS) as (keyof typeof LIMIT_WORDS)[]).map((metric) => (
                <li key={metric}>
                  <span className="font-medium">{count(plan.limits[metric])}</span> {LIMIT_WORDS[metric]}
                </li>
              ))}
            </ul>
            <ul className="grid list-disc gap-1 pl-5 text-muted-foreground" aria-label={`${plan.name} features`}>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
