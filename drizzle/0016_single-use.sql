CREATE TABLE "single_use" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "single_use_expires_at_idx" ON "single_use" USING btree ("expires_at");