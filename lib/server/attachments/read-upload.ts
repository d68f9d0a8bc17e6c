import { formatBytes } from "@/lib/schemas/attachment-limits";
import { AppError } from "@/lib/server/http/app-error";
import { readCappedBytes } from "@/lib/server/http/read-capped";

const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    "file_too_large",
    `The file is larger than ${formatBytes(maxBytes)}, the most any attachment may be. Attach a smaller file.`,
    {
      max_bytes: maxBytes,
    },
  );

/** The raw body, read as it streams and abandoned at `maxBytes` (413): a huge upload is never held whole. */
export const readUpload = (request: Request, maxBytes: number) => readCappedBytes(request, maxBytes, () => tooLarge(maxBytes));
