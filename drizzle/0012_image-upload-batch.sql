ALTER TABLE "project_images" ADD COLUMN "upload_batch" uuid;--> statement-breakpoint
ALTER TABLE "project_images" ADD COLUMN "upload_position" integer;