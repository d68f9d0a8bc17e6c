import type { ReactNode } from "react";
import type { z } from "zod";
import type { ToolResultPayload } from "@/lib/agent/messages";
import type { SlotRecord } from "@/lib/agent/store-adapter";

/** How a live card answers. `pending` is true while an answer is on its way. */
export interface CardAnswer {
  pending: boolean;
  resolve: (value: unknown) => Promise<boolean>;
  reject: (reason?: string) => Promise<boolean>;
}

export interface LiveCardProps<P> {
  slot: SlotRecord;
  props: P;
  answer: CardAnswer;
  /** The conversation the card is in: a live card (the form card) reads the chat's state of it. */
  conversationId: string;
  /** Owners and admins: may edit a permission request's input, answer unknown cards. */
  canAdmin: boolean;
  /** The organization's name: an admin's "always allow" covers everyone in it. */
  teamName: string;
}

/** The read-only view: a settled card from history, or a tool result's `renderData`. */
export interface ResultViewProps<P> {
  slot?: SlotRecord;
  props?: P;
  value?: unknown;
  result?: ToolResultPayload;
  /** Owners and admins: a settled permission card offers them its pending request's approval. */
  canAdmin?: boolean;
}

/** One kind of card: its live `render` and its read-only `renderResult` (Glove's names). */
export interface SlotRenderer<P = unknown> {
  /** Props that do not match fall back to the raw-props card, never to nothing. */
  propsSchema?: z.ZodType<P, unknown>;
  /** A short label of the card, for screen readers and the fallback's heading. */
  label: string;
  /** The card's question, kept as its heading once it is settled (the live card shows the same). */
  title?: (props: P) => string;
  icon?: ReactNode;
  /** Says how it was answered, before who and when ("Chosen by Ann Lee · 2 min ago"); "Answered" when absent. */
  answeredVerb?: string | ((value: unknown, props: P) => string);
  /** The result view draws the whole card itself (it has its own heading): no shared frame around it. */
  frameless?: boolean;
  render: (props: LiveCardProps<P>) => ReactNode;
  renderResult?: (props: ResultViewProps<P>) => ReactNode;
  /** An answer in words ("Allowed once"), for history and the "someone else answered" toast. */
  describe?: (value: unknown, props: P) => string;
}

export type RendererRegistry = Readonly<Record<string, SlotRenderer>>;

/** Types a renderer by its props and files it in the registry's common shape (its schema guards the props). */
export const defineRenderer = <P>(renderer: SlotRenderer<P>) => renderer as unknown as SlotRenderer;
