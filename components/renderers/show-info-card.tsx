import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { showInfoCardProps, type ShowInfoCardProps } from "@/lib/tools/show-info-card/shape";
import { defineRenderer } from "./types";

const LOOK = {
  info: { variant: "info", icon: <InfoIcon aria-hidden /> },
  success: { variant: "success", icon: <CircleCheckIcon aria-hidden /> },
  warning: { variant: "warning", icon: <TriangleAlertIcon aria-hidden /> },
  error: { variant: "destructive", icon: <CircleAlertIcon aria-hidden /> },
} as const;

/** Display only (pushAndForget): nothing to answer. Role "note", so it is not announced as an error alert. */
function InfoCard({ props, slotId }: { props: ShowInfoCardProps; slotId?: string }) {
  const look = LOOK[props.variant];
  return (
    <Alert
      variant={look.variant}
      role="note"
      data-slot-id={slotId}
      data-renderer="show_info_card"
      aria-label={`${props.variant}: ${props.title}`}
    >
      {look.icon}
      <AlertTitle>{props.title}</AlertTitle>
      <AlertDescription className="whitespace-pre-wrap">{props.body}</AlertDescription>
    </Alert>
  );
}

export const showInfoCardRenderer = defineRenderer<ShowInfoCardProps>({
  label: "Info card",
  frameless: true,
  propsSchema: showInfoCardProps,
  render: ({ props, slot }) => <InfoCard props={props} slotId={slot.id} />,
  renderResult: ({ props, slot }) => (props ? <InfoCard props={props} slotId={slot?.id} /> : null),
});
