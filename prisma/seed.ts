// npm run db:seed: the demo organization and its owner, for trying the app locally. Idempotent.
import { pathToFileURL } from "node:url";
import { disconnectPrisma, getPrisma, type PrismaClient } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";

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
