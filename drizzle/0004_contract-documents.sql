CREATE TABLE "contract_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "contract_uploads_bytes_check" CHECK ("contract_uploads"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "document_name" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "document_bytes" integer;--> statement-breakpoint
ALTER TABLE "contract_uploads" ADD CONSTRAINT "contract_uploads_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_uploads_created_at_idx" ON "contract_uploads" USING btree ("created_at");