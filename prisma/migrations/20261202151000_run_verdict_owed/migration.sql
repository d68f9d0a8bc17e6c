-- A run's verdict event still to be stored (prisma/schema.prisma, Run.verdictOwed). Existing runs owe nothing:
-- a constant default adds the column without rewriting the table.
ALTER TABLE "Run" ADD COLUMN "verdictOwed" BOOLEAN NOT NULL DEFAULT false;

-- The sweep reads only the few runs that owe a verdict, oldest move first.
CREATE INDEX "Run_verdictOwed_updatedAt_idx" ON "Run" ("updatedAt") WHERE "verdictOwed";
