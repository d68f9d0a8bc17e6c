// npm run db:seed: the demo organization and its owner, for trying the app locally. Idempotent.
import { pathToFileURL } from "node:url";
import { disconnectPrisma, getPrisma, type PrismaClient } from "@/lib/db/client";
import { checkStoredForm } from "@/lib/forms/stored";
import type { StoredFormInput } from "@/lib/forms/stored-form";
import { DEFAULT_AGENT_SETTINGS } from "@/lib/server/agent/defaults";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import { DEMO_FORMS } from "./demo-forms";

export const demoLogin = {
  email: "demo@handoff.local",
  password: "handoff-demo-password",
  name: "Demo User",
  organizationSlug: "demo",
  organizationName: "Demo Team",
} as const;

export async function seed(prisma: PrismaClient): Promise<void> {
  const organization = await prisma.organization.upsert({
    where: { slug: demoLogin.organizationSlug },
    create: { slug: demoLogin.organizationSlug, name: demoLogin.organizationName },
    update: {},
  });
  const existing = await prisma.user.findUnique({ where: { email: demoLogin.email } });
  // Hash only when needed (argon2 is slow on purpose) but restore the demo password if it was changed.
  const passwordIsCurrent = existing?.passwordHash ? await verifyPassword(existing.passwordHash, demoLogin.password) : false;
  const user = existing
    ? passwordIsCurrent
      ? existing
      : await prisma.user.update({ where: { id: existing.id }, data: { passwordHash: await hashPassword(demoLogin.password) } })
    : await prisma.user.create({
        data: { email: demoLogin.email, name: demoLogin.name, passwordHash: await hashPassword(demoLogin.password) },
      });
  await prisma.membership.upsert({
    where: { organizationId_userId: { organizationId: organization.id, userId: user.id } },
    create: { organizationId: organization.id, userId: user.id, role: "owner" },
    update: { role: "owner" },
  });
  await seedDemoForms(prisma, organization.id, user.id);
}

/**
 * The example forms, as stored definitions, switched on for the demo agent. A form that exists is
 * left as it is (a team may have edited it); a missing one is created at version 1.
 */
async function seedDemoForms(prisma: PrismaClient, organizationId: string, userId: string): Promise<void> {
  for (const input of DEMO_FORMS) {
    const definition = checkedDemoForm(input);
    const existing = await prisma.formDefinition.findUnique({ where: { organizationId_key: { organizationId, key: definition.id } } });
    if (existing) continue;
    await prisma.formDefinition.create({
      data: {
        organizationId,
        key: definition.id,
        name: definition.name,
        currentVersion: 1,
        createdById: userId,
        versions: { create: { version: 1, definition, createdById: userId } },
      },
    });
  }
  const keys = DEMO_FORMS.map((form) => form.id);
  const settings = await prisma.agentSettings.findUnique({ where: { organizationId }, select: { enabledForms: true } });
  if (!settings) {
    const { model, ...defaults } = DEFAULT_AGENT_SETTINGS;
    await prisma.agentSettings.create({
      data: { organizationId, ...defaults, modelConfig: model, enabledForms: keys, updatedById: userId },
    });
  } else if (keys.some((key) => !settings.enabledForms.includes(key))) {
    const enabledForms = [...new Set([...settings.enabledForms, ...keys])];
    await prisma.agentSettings.update({ where: { organizationId }, data: { enabledForms } });
  }
}

function checkedDemoForm(input: StoredFormInput) {
  const checked = checkStoredForm(input);
  if (!checked.ok) throw new Error(`The demo form "${input.id}" is invalid: ${JSON.stringify(checked.problems)}`);
  return checked.form;
}

export function describeDemoLogin(): string {
  return `Demo login: ${demoLogin.email} / ${demoLogin.password} (organization "${demoLogin.organizationName}")`;
}

async function main(): Promise<void> {
  const { ensureDatabase } = await import("@/tooling/db/embedded-postgres");
  const database = await ensureDatabase();
  process.env.DATABASE_URL = database.url;
  try {
    await seed(getPrisma());
    console.log(describeDemoLogin());
  } finally {
    await disconnectPrisma();
    await database.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
