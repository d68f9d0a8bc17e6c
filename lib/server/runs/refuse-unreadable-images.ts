import type { ModelAdapter } from "@/lib/agent/model-adapter";
import { AppError } from "@/lib/server/http/app-error";

/**
 * An image for a model that cannot read images is refused before anything is stored or sent: the
 * provider would reject the call (or ignore the picture) only after the run started. A model that
 * does not describe itself is given the benefit of the doubt, as the runtime does.
 */
export function refuseUnreadableImages(model: ModelAdapter, imageCount: number): void {
  if (imageCount === 0 || model.capabilities?.images !== false) return;
  throw new AppError(
    422,
    "model_cannot_read_images",
    `The agent's model ${model.name} cannot read images. Send the message without the image, or, in agent settings, pick a model that reads images (for an OpenAI-compatible server, state that it reads images).`,
    { model: model.name },
  );
}
