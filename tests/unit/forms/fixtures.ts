import { z } from "zod";
import { defineForm, FormRegistry, FormRunner, type FormActor, type FormAdapter } from "@/lib/forms";
import { MemoryFormAdapter } from "@/lib/forms/testing";

export const agent: FormActor = { kind: "agent", id: "agent-1", name: "Agent" };
export const person: FormActor = { kind: "person", id: "user-1", name: "Ada" };
export const manager: FormActor = { kind: "person", id: "user-2", name: "Grace" };

/** The expense claim: a car / rail / air branch that changes which fields apply, and an over-limit approval. */
export function expenseClaim(version = 1) {
  return defineForm({
    id: "expense-claim",
    version,
    name: "Expense claim",
    description: "Claim travel costs.",
    conduct: "Ask one thing at a time.",
  })
    .step("who", { title: "Who" }, (s) =>
      s.field("fullName", { schema: z.string().min(2), label: "Full name" }).field("email", { schema: z.email(), label: "Email" }),
    )
    .step("travel", { title: "Travel" }, (s) =>
      s
        .field("mode", { schema: z.enum(["car", "rail", "air"]), label: "Mode" })
        .field("distance", { schema: z.int().min(1), label: "Distance", when: (v) => v.mode === "car" })
        .field("amount", { schema: z.number().positive(), label: "Amount" }),
    )
    .step("receipts", { title: "Receipts" }, (s) =>
      s
        .field("receipts", { schema: z.array(z.string()).min(1), label: "Receipts" })
        .field("note", { schema: z.string().optional(), label: "Note" }),
    )
    .step("confirm", { title: "Confirm", preview: true })
    .checkpoint("over-limit", {
      when: (v) => typeof v.amount === "number" && v.amount > 1000,
      blocking: true,
      card: { kind: "approval", title: "Approve a claim over 1000", approverRole: "admin" },
    });
}

export const who = { fullName: "Ada Lovelace", email: "ada@example.com" };
export const travel = { mode: "rail", amount: 120 };
export const receipts = { receipts: ["r1.pdf"] };

/** A clock that moves one second per call, so entries have distinct times. */
export function clock() {
  let t = Date.parse("2030-01-01T00:00:00Z");
  return () => new Date((t += 1000));
}

export function setup(forms: Parameters<FormRegistry["register"]>[0][] = [expenseClaim()], adapter: FormAdapter = new MemoryFormAdapter()) {
  const registry = new FormRegistry();
  for (const form of forms) registry.register(form);
  let n = 0;
  const runner = new FormRunner({ registry, adapter, now: clock(), newId: () => `inst-${++n}-abcdef` });
  return { registry, runner, adapter };
}
