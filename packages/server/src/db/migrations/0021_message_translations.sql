ALTER TABLE "messages" ADD COLUMN "translations" jsonb;
