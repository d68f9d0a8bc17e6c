import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { defaultRenderers } from "@/components/renderers/registry";
import type { CardAnswer } from "@/components/renderers/types";
import { chatKeys } from "@/lib/client/chat-api";
import type { FormView } from "@/lib/forms/view";
import { FORM_APPROVAL, FORM_CARD, FORM_CONFIRM } from "@/lib/tools/forms/shape";
import { slot, state } from "../fixtures";
import { field, formView } from "./fixtures";

const answer: CardAnswer = { pending: false, resolve: async () => true, reject: async () => true };
const values = [
  { id: "mode", label: "Mode of travel", display: "car" },
  { id: "distance", label: "Distance", display: "80 km" },
];

function draw(renderer: string, props: unknown, options: { canAdmin?: boolean; forms?: FormView[] } = {}) {
  const client = new QueryClient();
  if (options.forms) client.setQueryData(chatKeys.conversation("c1"), state({ forms: options.forms }));
  const card = defaultRenderers[renderer];
  const parsed = card.propsSchema!.parse(props);
  const live = card.render({
    slot: slot({ id: "s1", call_id: "call1", renderer, props, status: "pending" }),
    props: parsed,
    answer,
    conversationId: "c1",
    canAdmin: options.canAdmin ?? false,
    teamName: "Team",
  });
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, live));
}

const at = (version: number, extra: Partial<FormView> = {}) =>
  formView(version, [field("distance", { type: "number" }, { value: version * 10, by: "agent" }), field("purpose")], extra);

describe("form_card", () => {
  it("draws the chat's newer view over the props' and says who answered", () => {
    const html = draw(FORM_CARD, { instanceId: "i1", view: at(2) }, { forms: [at(8)] });
    expect(html).toContain('data-form-version="8"');
    expect(html).toContain('value="80"');
    expect(html).toContain("answered by the agent");
    expect(html).toContain("Still needed: Purpose");
  });

  it("has a labelled input per field while open", () => {
    const html = draw(FORM_CARD, { instanceId: "i1", view: at(2) });
    const inputs = [...html.matchAll(/<input[^>]* id="([^"]+)"/g)].map(([, id]) => id);
    expect(inputs).toHaveLength(2);
    for (const id of inputs) expect(html).toContain(`for="${id}"`);
  });

  it("is read-only once submitted, and says so in words", () => {
    const html = draw(FORM_CARD, { instanceId: "i1", view: at(2) }, { forms: [at(3, { status: "submitted" })] });
    expect(html).not.toContain("<input");
    expect(html).toContain("Submitted: these are the answers that were stored.");
    expect(html).toContain("30");
  });

  it("is read-only while an approval is awaited", () => {
    const awaiting = at(3, { status: "awaiting", awaiting: { checkpointId: "cp", key: "over-limit", title: "Over the limit" } });
    const html = draw(FORM_CARD, { instanceId: "i1", view: awaiting });
    expect(html).not.toContain("<input");
    expect(html).toContain("Waiting for an approval");
  });
});

describe("form_confirm", () => {
  it("shows exactly the values it will store, with Confirm and Not yet", () => {
    const html = draw(FORM_CONFIRM, { instanceId: "i1", formName: "Expense claim", version: 7, values });
    expect(html).toContain("Submit Expense claim?");
    expect(html).toMatch(/<dt[^>]*>Mode of travel<\/dt><dd[^>]*>car<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Distance<\/dt><dd[^>]*>80 km<\/dd>/);
    expect(html).toContain(">Confirm<");
    expect(html).toContain(">Not yet<");
  });
});

describe("form_approval", () => {
  const props = (approverRole: "member" | "admin") => ({
    instanceId: "i1",
    formName: "Expense claim",
    checkpointId: "cp1",
    key: "over-limit",
    title: "Approve a claim over 500",
    body: "The total is above the limit.",
    approverRole,
    values,
  });

  it("lets an admin approve or reject with a note", () => {
    const html = draw(FORM_APPROVAL, props("admin"), { canAdmin: true });
    expect(html).toContain("Approve a claim over 500");
    expect(html).toContain("The total is above the limit.");
    expect(html).toContain(">Approve<");
    expect(html).toContain(">Reject<");
    expect(html).toContain("Note (optional)");
  });

  it("shows a member the request and that it waits for an admin, with no buttons", () => {
    const html = draw(FORM_APPROVAL, props("admin"), { canAdmin: false });
    expect(html).toContain("Waiting for an admin&#x27;s approval.");
    expect(html).not.toContain("<button");
    expect(html).toMatch(/<dd[^>]*>80 km<\/dd>/);
  });

  it("lets a member decide a checkpoint any member may answer", () => {
    expect(draw(FORM_APPROVAL, props("member"), { canAdmin: false })).toContain(">Approve<");
  });
});
