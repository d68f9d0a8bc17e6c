import { APPROVE_PLAN } from "@/lib/tools/approve-plan";
import { ASK_PREFERENCE } from "@/lib/tools/ask-preference";
import { COLLECT_FORM } from "@/lib/tools/collect-form";
import { CONFIRM_ACTION } from "@/lib/tools/confirm-action";
import { SHOW_INFO_CARD } from "@/lib/tools/show-info-card";
import { SUGGEST_OPTIONS } from "@/lib/tools/suggest-options";
import { TEXT_INPUT } from "@/lib/tools/text-input";
import { approvePlanRenderer } from "./approve-plan";
import { askPreferenceRenderer } from "./ask-preference";
import { collectFormRenderer } from "./collect-form";
import { confirmActionRenderer } from "./confirm-action";
import { permissionRequestRenderer } from "./permission-request";
import { showInfoCardRenderer } from "./show-info-card";
import { suggestOptionsRenderer } from "./suggest-options";
import { textInputRenderer } from "./text-input";
import type { RendererRegistry } from "./types";

/** The name the runtime gives permission cards (`PERMISSION_RENDERER` in lib/agent/permissions). */
export const PERMISSION_REQUEST = "permission_request";

/** A slot's `renderer` name → how the browser draws it. */
export const defaultRenderers: RendererRegistry = {
  [PERMISSION_REQUEST]: permissionRequestRenderer,
  [CONFIRM_ACTION]: confirmActionRenderer,
  [ASK_PREFERENCE]: askPreferenceRenderer,
  [SUGGEST_OPTIONS]: suggestOptionsRenderer,
  [TEXT_INPUT]: textInputRenderer,
  [COLLECT_FORM]: collectFormRenderer,
  [APPROVE_PLAN]: approvePlanRenderer,
  [SHOW_INFO_CARD]: showInfoCardRenderer,
};
