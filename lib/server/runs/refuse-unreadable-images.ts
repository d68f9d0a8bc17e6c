import type { ModelAdapter } from "@/lib/agent/model-adapter";
import { AppError } from "@/lib/server/http/app-error";

/**
 * An image or a PDF for a model that cannot read it is refused before anything is stored or sent:
 * the provider would reject the call (or ignore the file) only after the run started. A model that
 * does not describe itself is given the benefit of the doubt, as the runtime does. Text files are
 * text to every model.
 */
export function refuseUnreadableImages(model: ModelAdapter, imageCount: number, pdfCount = 0): void {
  const capabilities = model.capabilities;
  if (!capabilities) return;
  if (imageCount > 0 && capabilities.images === false) {
    throw new AppError(
      422,
      "model_cannot_read_images",
      `The agent's model ${model.name} cannot read images. Send the message without the image, or, in agent settings, pick a model that reads images (for an OpenAI-compatible server, state that it reads images).`,
      { model: model.name },
    );
  }
  if (pdfCount > 0 && capabilities.pdfs !== true) {
    throw new AppError(
      422,
      "model_cannot_read_pdfs",
      `The agent's model ${model.name} cannot read PDFs. Send the message without the PDF (paste its text instead), or, in agent settings, pick a model that reads PDFs (for an OpenAI-compatible server, state that it reads PDFs).`,
      { model: model.name },
    );
  }
}
