"use client";

import { useState } from "react";
import { ClipboardListIcon } from "lucide-react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import {
  collectFormProps,
  FORM_VALUE_MAX,
  valuesSchemaFor,
  type CollectFormAnswer,
  type CollectFormProps,
} from "@/lib/tools/collect-form/shape";
import { describeValue } from "./describe-value";
import { CardForm } from "./card-form";
import { SlotFrame } from "./slot-frame";
import { defineRenderer, type LiveCardProps } from "./types";
import { ValueView } from "./value-view";

const AUTOCOMPLETE: Record<string, string> = { email: "email", tel: "tel", url: "url" };

export const collectFormRenderer = defineRenderer<CollectFormProps>({
  label: "Form",
  title: (props) => props.title,
  icon: <ClipboardListIcon />,
  propsSchema: collectFormProps,
  render: (props) => <CollectFormCard {...props} />,
  renderResult: ({ props, value }) => {
    const values = (value as CollectFormAnswer | null)?.values ?? {};
    const labelled = props ? Object.fromEntries(props.fields.map((field) => [field.label, values[field.name] ?? ""])) : values;
    return (
      <>
        {props?.description ? <p className="text-sm text-muted-foreground">{props.description}</p> : null}
        <ValueView value={labelled} />
      </>
    );
  },
  describe: (value) => describeValue((value as CollectFormAnswer | null)?.values),
});

function CollectFormCard({ slot, props, answer }: LiveCardProps<CollectFormProps>) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(props.fields.map((field) => [field.name, ""])));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // The same schema the server checks the answer with.
    const parsed = valuesSchemaFor(props.fields).safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        if (!(field in found)) found[field] = issue.message;
      }
      setErrors(found);
      // Focus the first field that needs fixing.
      const first = props.fields.find((field) => found[field.name]);
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
      return;
    }
    void answer.resolve({ values: parsed.data } satisfies CollectFormAnswer);
  }

  return (
    <SlotFrame slot={slot} title={props.title} icon={<ClipboardListIcon />} pending={answer.pending}>
      {props.description ? <p className="text-sm text-muted-foreground">{props.description}</p> : null}
      <CardForm onSubmit={onSubmit} pending={answer.pending} submitLabel="Submit" label={props.title}>
        {props.fields.map((field) => {
          const control = {
            name: field.name,
            value: values[field.name] ?? "",
            placeholder: field.placeholder,
            disabled: answer.pending,
            maxLength: FORM_VALUE_MAX,
            onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
              setValues({ ...values, [field.name]: e.target.value });
              if (errors[field.name]) setErrors({ ...errors, [field.name]: "" });
            },
          };
          return (
            <FormField key={field.name} label={field.label} required={field.required} error={errors[field.name]}>
              {field.type === "textarea" ? (
                <Textarea {...control} rows={3} />
              ) : (
                <Input
                  {...control}
                  type={field.type === "number" ? "text" : field.type}
                  inputMode={field.type === "number" ? "decimal" : undefined}
                  autoComplete={AUTOCOMPLETE[field.type]}
                />
              )}
            </FormField>
          );
        })}
      </CardForm>
    </SlotFrame>
  );
}
