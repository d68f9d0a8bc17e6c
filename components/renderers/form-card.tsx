"use client";

import { FormViewCard } from "@/components/forms/form-view-card";
import type { FormView } from "@/lib/forms/view";
import { withDrafts } from "@/lib/client/forms/form-edits";
import { newestView } from "@/lib/client/forms/newest-view";
import { useEditFormValues } from "@/lib/client/forms/use-edit-form-values";
import { useFormView } from "@/lib/client/forms/use-form-view";
import { formCardProps, type FormCardProps } from "@/lib/tools/forms/shape";
import { defineRenderer, type LiveCardProps } from "./types";

/** The person may type into the form while it is being filled; otherwise the card says why not. */
const EDITABLE = new Set<FormView["status"]>(["open", "completed"]);

const READ_ONLY_TEXT: Partial<Record<FormView["status"], string>> = {
  awaiting: "Waiting for an approval: the answers can be changed once it is decided.",
  submitted: "Submitted: these are the answers that were stored.",
  terminated: "Closed by the form: it cannot be changed any more.",
  abandoned: "Abandoned: it was not submitted and cannot be changed any more.",
};

const BY_TEXT = { person: "by you", agent: "by the agent" } as const;

/**
 * The live form card: the newest view the chat has of the instance (snapshot `forms`, then
 * `form_updated`), the props' view until then, with the person's own edits over it while they are
 * saved. It stays live after a reload because the snapshot carries the same views.
 */
function LiveFormCard({ slot, conversationId, props }: LiveCardProps<FormCardProps>) {
  const known = useFormView(conversationId, props.instanceId);
  const { edits, editField } = useEditFormValues(conversationId, props.instanceId);
  const view = newestView(known, props.view);
  const editable = EDITABLE.has(view.status);
  const note = READ_ONLY_TEXT[view.status];
  return (
    <div
      // The attributes every card carries (SlotFrame's), so tests and styles find it as a card.
      data-slot-id={slot.id}
      data-slot-status={slot.status}
      data-renderer={slot.renderer}
      data-form-instance={view.instanceId}
      data-form-version={view.version}
      data-form-status={view.status}
    >
      <FormViewCard
        view={editable ? withDrafts(view, edits.drafts) : view}
        editable={editable}
        onEditField={editField}
        byText={BY_TEXT}
        footer={
          <>
            {note ? <p className="text-sm font-medium">{note}</p> : null}
            {edits.failure ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {edits.failure}
              </p>
            ) : null}
          </>
        }
      />
    </div>
  );
}

export const formCardRenderer = defineRenderer<FormCardProps>({
  label: "Form",
  frameless: true,
  propsSchema: formCardProps,
  render: (props) => <LiveFormCard {...props} />,
  renderResult: ({ props }) => (props ? <FormViewCard view={props.view} byText={BY_TEXT} /> : null),
});
