import { z } from "zod";
import { defineCardShape } from "../shape";

/** Display only (pushAndForget): nothing waits on it. */
export const SHOW_INFO_CARD = "show_info_card";

export const showInfoCardProps = z.object({
  variant: z.enum(["info", "success", "warning", "error"]).default("info").describe("The card's tone and colour (default info)."),
  title: z.string().trim().min(1).max(200).describe("The card's heading."),
  body: z.string().max(4000).describe("The card's text, plain; line breaks are kept."),
});
export const showInfoCard = defineCardShape({ name: SHOW_INFO_CARD, card: "forget", props: showInfoCardProps });
export type ShowInfoCardProps = z.infer<typeof showInfoCardProps>;
