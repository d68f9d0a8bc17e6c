import { readSealedSecrets } from "@/lib/db/http-tools";
import type { TenantContext } from "@/lib/db/tenant-context";
import { openSecret, sealSecret, SecretUnreadableError } from "@/lib/server/crypto/secret-box";
import { placeholdersIn } from "./placeholders";
import type { RequestTemplate } from "./render-request";

/**
 * HTTP tool secrets sealed with their organization and name as context: a sealed value copied to
 * another row does not open there. Opened only for the call that uses them.
 */
const contextOf = (organizationId: string, name: string) => `http-tool-secret:${organizationId}:${name}`;

export const sealHttpToolSecret = (organizationId: string, name: string, value: string) =>
  sealSecret(value, contextOf(organizationId, name));

/** The secret names a request template references (headers and body only; the URL never holds one). */
export function secretNamesOf(template: RequestTemplate): string[] {
  const texts = [...Object.values(template.headers), JSON.stringify(template.bodyTemplate)];
  return [
    ...new Set(
      texts.flatMap((text) =>
        placeholdersIn(text)
          .filter((p) => p.kind === "secret")
          .map((p) => p.name),
      ),
    ),
  ];
}

/** The template's secrets, opened; one that is missing or unreadable is left out (rendering then says which). */
export async function openSecretsFor(
  tenant: Pick<TenantContext, "organizationId">,
  template: RequestTemplate,
): Promise<Map<string, string>> {
  const sealed = await readSealedSecrets(tenant, secretNamesOf(template));
  const opened = new Map<string, string>();
  for (const [name, value] of sealed) {
    try {
      opened.set(name, openSecret(value, contextOf(tenant.organizationId, name)));
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
    }
  }
  return opened;
}
