/**
 * What to try with the offline demo model, for the chat's empty state. Client code may not import
 * lib/models (the demo model's module), so the sentences are copied here; a unit test keeps them
 * equal to `DEMO_TRIGGERS.map((t) => t.example)` in lib/models/demo-triggers.ts.
 */
export const DEMO_EXAMPLES = [
  "start the onboarding form, my name is Ada Lovelace and my email is ada@example.com",
  "ask finance to approve the Q3 budget",
  "make a task list for the launch",
  "send an email to ada@example.com about the launch",
  "plan the product launch",
  "collect my contact details",
  "ask me for a project name",
  "delete the old drafts",
  "show an info card about billing",
  "suggest options for the team offsite",
  "help me choose between tea, coffee and water",
  "my phone number is 555-0100 and my company is Analytical Engines",
] as const;

/** The ones that draw a card in the chat, first in the empty state. */
export const FEATURED_DEMO_EXAMPLES = [
  "send an email to ada@example.com about the launch",
  "help me choose between tea, coffee and water",
  "plan the product launch",
  "collect my contact details",
] as const satisfies readonly (typeof DEMO_EXAMPLES)[number][];
