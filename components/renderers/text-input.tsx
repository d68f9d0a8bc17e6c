"use client";

import { useState, type ChangeEvent } from "react";
import { TextCursorInputIcon } from "lucide-react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { TEXT_INPUT_MAX, textInputAnswer, textInputProps, type TextInputAnswer, type TextInputProps } from "@/lib/tools/text-input/shape";
import { CardForm } from "./card-form";
import { SlotFrame } from "./slot-frame";
import { defineRenderer, type LiveCardProps } from "./types";

function TextInputCard({ slot, props, answer }: LiveCardProps<TextInputProps>) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  // One field, a line or a box: the same value, limit and handlers either way.
  const field = {
    value: text,
    maxLength: TEXT_INPUT_MAX,
    placeholder: props.placeholder,
    disabled: answer.pending,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setText(e.target.value);
      setError(undefined);
    },
  };
  return (
    <SlotFrame slot={slot} title="The agent asks" icon={<TextCursorInputIcon />} pending={answer.pending}>
      <CardForm
        onSubmit={() => {
          const parsed = textInputAnswer.safeParse({ text });
          if (!parsed.success) return setError(parsed.error.issues[0]?.message);
          void answer.resolve(parsed.data satisfies TextInputAnswer);
        }}
        pending={answer.pending}
        submitLabel="Send"
      >
        <FormField label={props.prompt} error={error} required>
          {props.multiline ? <Textarea {...field} /> : <Input {...field} />}
        </FormField>
      </CardForm>
    </SlotFrame>
  );
}

export const textInputRenderer = defineRenderer<TextInputProps>({
  label: "Text input",
  title: () => "The agent asks",
  icon: <TextCursorInputIcon />,
  propsSchema: textInputProps,
  render: (props) => <TextInputCard {...props} />,
  renderResult: ({ props, value }) => (
    <div className="grid gap-1 text-sm">
      {props ? <p className="text-muted-foreground">{props.prompt}</p> : null}
      <p className="font-medium whitespace-pre-wrap">{(value as TextInputAnswer | null)?.text}</p>
    </div>
  ),
  describe: (value) => `"${(value as TextInputAnswer | null)?.text ?? ""}"`,
});
