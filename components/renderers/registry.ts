import type { CardToolName } from "@/lib/tools/catalog";
import { FORM_APPROVAL, FORM_CARD, FORM_CONFIRM } from "@/lib/tools/forms/shape";
import { RECONNECT_CONNECTOR } from "@/lib/tools/reconnect-connector/shape";
import { approvePlanRenderer } from "./approve-plan";
import { askPreferenceRenderer } from "./ask-preference";
import { collectFormRenderer } from "./collect-form";
import { confirmActionRenderer } from "./confirm-action";
import { formApprovalRenderer } from "./form-approval";
import { formCardRenderer } from "./form-card";
import { formConfirmRenderer } from "./form-confirm";
import { permissionRequestRenderer } from "./permission-request";
import { reconnectConnectorRenderer } from "./reconnect-connector";
import { showInfoCardRenderer } from "./show-info-card";
import { suggestOptionsRenderer } from "./suggest-options";
import { textInputRenderer } from "./text-input";
import type { RendererRegistry, SlotRenderer } from "./types";

/** The name the runtime gives permission cards (`PERMISSION_RENDERER` in lib/agent/permissions). */
export const PERMISSION_REQUEST = "permission_request";

/** The client half of every catalog tool that draws a card; the type refuses a missing or unknown name. */
const CARD_RENDERERS: { [Name in CardToolName]: SlotRenderer } = {
  confirm_action: confirmActionRenderer,
  ask_preference: askPreferenceRenderer,
  suggest_options: suggestOptionsRenderer,
  text_input: textInputRenderer,
  collect_form: collectFormRenderer,
  approve_plan: approvePlanRenderer,
  show_info_card: showInfoCardRenderer,
};

/** The cards the form tools push (lib/tools/forms): the live form, its submit confirmation and a checkpoint's approval. */
const FORM_RENDERERS = {
  [FORM_CARD]: formCardRenderer,
  [FORM_CONFIRM]: formConfirmRenderer,
  [FORM_APPROVAL]: formApprovalRenderer,
};

/**
 * A slot's `renderer` name → how the browser draws it: the catalog's cards, the form tools', the
 * runtime's permission card and the reconnect card connector tools push (lib/server/connectors).
 */
export const defaultRenderers: RendererRegistry = {
  [PERMISSION_REQUEST]: permissionRequestRenderer,
  [RECONNECT_CONNECTOR]: reconnectConnectorRenderer,
  ...CARD_RENDERERS,
  ...FORM_RENDERERS,
};
