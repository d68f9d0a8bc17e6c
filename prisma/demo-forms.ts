import type { StoredFormInput } from "@/lib/forms/stored-form";

/** The demo organization's example forms, as a team would store them in the builder (the seed writes them; tests read them). */
export const expenseClaimForm = {
  id: "expense-claim",
  name: "Expense claim",
  description: "Claim back what a trip cost: how you travelled, what it cost, with a receipt link.",
  steps: [
    {
      id: "claim",
      title: "Claim",
      fields: [
        { id: "purpose", label: "Purpose", type: "text" },
        { id: "travel_date", label: "Date of travel", type: "date" },
      ],
    },
    {
      id: "travel",
      title: "Travel",
      fields: [
        { id: "mode", label: "Mode of travel", type: "one_of", options: ["car", "rail", "air"] },
        { id: "distance_km", label: "Distance (km)", type: "integer", limits: { min: 1 }, when: { field: "mode", op: "is", value: "car" } },
        {
          id: "ticket_cost",
          label: "Ticket cost",
          type: "money",
          currency: "EUR",
          when: { field: "mode", op: "is_one_of", value: ["rail", "air"] },
        },
        { id: "receipt_url", label: "Receipt link", type: "url", required: false },
      ],
    },
    {
      id: "total",
      title: "Total",
      fields: [{ id: "amount", label: "Total amount", type: "money", currency: "EUR", limits: { min: 0.01 } }],
    },
    { id: "confirm", title: "Confirm", confirmation: true },
  ],
  checkpoints: [
    {
      id: "over-limit",
      when: { field: "amount", op: "gt", value: 500 },
      approval: { title: "Manager approval needed", body: "Claims over 500 EUR need an admin's approval.", approverRole: "admin" },
    },
  ],
} satisfies StoredFormInput;

export const supportRequestForm = {
  id: "support-request",
  name: "Support request",
  description: "Tell the team what went wrong, where, and how urgent it is.",
  steps: [
    {
      id: "contact",
      title: "Contact",
      fields: [
        { id: "name", label: "Your name", type: "text" },
        { id: "email", label: "Email", type: "email" },
      ],
    },
    {
      id: "issue",
      title: "Issue",
      fields: [
        { id: "product", label: "Product", type: "one_of", options: ["Web app", "Mobile app", "API"] },
        { id: "severity", label: "Severity", type: "one_of", options: ["low", "normal", "urgent"] },
        { id: "description", label: "What happened", type: "long_text", limits: { minLength: 10 } },
      ],
    },
    { id: "confirm", title: "Confirm", confirmation: true },
  ],
} satisfies StoredFormInput;

export const DEMO_FORMS: StoredFormInput[] = [expenseClaimForm, supportRequestForm];
