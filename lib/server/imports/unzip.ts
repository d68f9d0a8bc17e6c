import { Unzip, UnzipInflate, UnzipPassThrough } from "fflate";
import { AppError } from "@/lib/server/http/app-error";

export const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * The bytes of the one file named `name` (at the root or in a folder) of a zip, inflated as a
 * stream and counted as they come: past `maxBytes` it stops and answers 413, whatever sizes the
 * zip's headers claim (a zip bomb's headers lie). Other files are never inflated.
 */
export function extractFromZip(zip: Uint8Array, name: string, maxBytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  let found = false;
  let failure: unknown = null;
  const unzip = new Unzip((file) => {
    if (found || (file.name !== name && !file.name.endsWith(`/${name}`))) return;
    found = true;
    file.ondata = (error, data) => {
      if (failure) return;
      if (error) failure = new AppError(422, "invalid_zip", `The zip's ${name} could not be read: ${error.message}.`);
      total += data?.byteLength ?? 0;
      if (total > maxBytes) {
        failure = new AppError(
          413,
          "payload_too_large",
          `The zip's ${name} unpacks to more than ${Math.floor(maxBytes / 1024 / 1024)} MB. Import a smaller export.`,
        );
        file.terminate();
        return;
      }
      if (data) parts.push(data);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    unzip.push(zip, true);
  } catch (error) {
    failure ??= new AppError(
      422,
      "invalid_zip",
      `This zip could not be read (${(error as Error).message}). Export it again, or upload ${name} itself.`,
    );
  }
  if (failure) throw failure;
  if (!found) throw new AppError(422, "invalid_zip", `This zip holds no ${name}. Upload ChatGPT's data export, or its ${name}.`);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
