-- AlterTable
ALTER TABLE "Connector" ADD COLUMN     "oauthClientSealed" TEXT;

-- AlterTable
ALTER TABLE "ConnectorCredential" ADD COLUMN     "refreshTokenSealed" TEXT;
