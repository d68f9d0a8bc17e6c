"use client";

import { useCallback, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { upsertForm } from "@/lib/client/apply-event";
import { chatKeys } from "@/lib/client/chat-api";
import type { ChatState } from "@/lib/client/chat-state";
import { editFailure } from "./edit-failure";
import { edit, failed, nextBatch, noEdits, settled, type FormEdits } from "./form-edits";
import { formValuesApi } from "./form-values-api";

export interface FormEditsHandle {
  edits: FormEdits;
  /** One field's answer as the person committed it (blur, Enter, a choice): shown at once, saved in order. */
  editField: (fieldId: string, value: unknown) => void;
}

/**
 * The person's edits of one form instance in the card: each commit is shown at once and saved by
 * the values route, one save in flight at a time (edits made meanwhile go in the next). The answer's
 * view goes into the chat's cache like a `form_updated` (the newest version wins, so a late answer
 * never hides a newer agent fill), and the report's refusals stay at their fields.
 */
export function useEditFormValues(conversationId: string, instanceId: string): FormEditsHandle {
  const queryClient = useQueryClient();
  const [edits, setEdits] = useState(noEdits);
  // The reducer's state outside React's batching, so a save starts from exactly what is queued now.
  const current = useRef(edits);

  const editField = useCallback(
    (fieldId: string, value: unknown) => {
      const apply = (change: (state: FormEdits) => FormEdits) => {
        current.current = change(current.current);
        setEdits(current.current);
      };
      const flush = () => {
        const next = nextBatch(current.current);
        if (!next) return;
        apply(() => next.state);
        formValuesApi.save(conversationId, instanceId, next.batch.values).then(
          ({ report, view }) => {
            const key = chatKeys.conversation(conversationId);
            const state = queryClient.getQueryData<ChatState>(key);
            if (state) queryClient.setQueryData<ChatState>(key, { ...state, forms: upsertForm(state.forms, view) });
            apply((edits) => settled(edits, next.batch, report));
            flush();
          },
          (error: unknown) => {
            apply((edits) => failed(edits, next.batch, editFailure(error)));
            flush();
          },
        );
      };
      apply((edits) => edit(edits, fieldId, value));
      flush();
    },
    [conversationId, instanceId, queryClient],
  );
  return { edits, editField };
}
