/** The form-definition API's wire shapes, as the browser names them (the schemas are the source). */
export type {
  FormCheckResponse,
  FormDetail,
  FormExport as FormExportDocument,
  FormListResponse as FormsResponse,
  FormProblem,
  FormResponse,
  FormSummary,
  FormVersionResponse,
  FormVersionSummary,
} from "@/lib/schemas/forms";
