-- An import may copy the files its messages reference into Parley's storage (docs/decisions/0269-the-import-job.md).
ALTER TABLE "data_imports" ADD COLUMN "copy_files" boolean DEFAULT false NOT NULL;
