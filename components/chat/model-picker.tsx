"use client";

import { NativeSelect } from "@/components/settings/native-select";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useChooseModel, useConversationModel } from "@/lib/client/use-conversation-model";

/** The chat header's model choice: drawn only when an admin allows more than the agent's own model. */
export function ModelPicker({ conversationId }: { conversationId: string }) {
  const current = useConversationModel(conversationId);
  const choose = useChooseModel(conversationId);
  const choices = current.data?.choices ?? [];
  if (choices.length < 2 || !current.data) return null;
  return (
    <NativeSelect
      aria-label="Model for this conversation"
      className="h-8 max-w-40 min-w-0 text-xs"
      value={current.data.model ?? choices[0]}
      disabled={choose.isPending}
      onChange={(event) => {
        const model = event.target.value;
        choose
          .mutateAsync(model)
          .then(() => toast.success(`New answers in this conversation come from ${model}.`))
          .catch((error) => toast.error(errorMessage(error, "The model was not changed. Try again.")));
      }}
    >
      {choices.map((model) => (
        <option key={model} value={model}>
          {model}
        </option>
      ))}
    </NativeSelect>
  );
}
