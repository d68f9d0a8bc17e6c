import { describe, expect, it } from "vitest";
import { planLimitError } from "@/lib/server/billing/limit-sentence";

describe("planLimitError", () => {
  it("tells an owner on Free which limit, when it resets and how to upgrade", () => {
    const error = planLimitError({ orgSlug: "acme", role: "owner" }, { metric: "messages", used: 300, limit: 300, plan: "free" });
    expect(error.status).toBe(402);
    expect(error.code).toBe("plan_limit");
    expect(error.message).toBe(
      "This organization has reached its Free plan's limit of 300 messages a month. It resets on the 1st of next month (UTC). Upgrade to Pro for more.",
    );
    expect(error.details).toEqual({ metric: "messages", used: 300, limit: 300, plan: "free", upgrade_path: "/acme/settings/billing" });
  });

  it("tells everyone else to ask an owner, with no path", () => {
    const error = planLimitError({ orgSlug: "acme", role: "admin" }, { metric: "seats", used: 3, limit: 3, plan: "free" });
    expect(error.message).toBe(
      "This organization has reached its Free plan's limit of 3 members. Ask an owner of this organization to upgrade to Pro.",
    );
    expect(error.details).toMatchObject({ upgrade_path: null });
  });

  it("at the token edge says to retry when the other answer has finished", () => {
    const error = planLimitError(
      { orgSlug: null, role: null },
      { metric: "tokens", used: 999_000, limit: 1_000_000, plan: "free", retryWhenIdle: true },
    );
    expect(error.message).toContain("Try again when it has finished.");
    expect(error.message).not.toContain("resets");
    expect(error.details).toMatchObject({ retry_when_idle: true, upgrade_path: null });
  });

  it("on Pro there is no upgrade to offer: an owner is sent to Billing", () => {
    const error = planLimitError(
      { orgSlug: "acme", role: "owner" },
      { metric: "tokens", used: 200_000_000, limit: 200_000_000, plan: "pro" },
    );
    expect(error.message).toContain("200,000,000 model tokens a month");
    expect(error.message).toContain("See Billing for your plan.");
  });
});
