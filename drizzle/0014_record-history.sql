CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"imported_by" uuid,
	"imported_by_name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp (3) with time zone,
	CONSTRAINT "import_batches_kind_check" CHECK ("import_batches"."kind" in ('clients', 'contacts', 'projects'))
);
--> statement-breakpoint
CREATE TABLE "record_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"tx_id" bigint NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"batch_id" uuid,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"operation" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "record_history_operation_check" CHECK ("record_history"."operation" in ('insert', 'update', 'delete'))
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_imported_by_user_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_created_at_idx" ON "import_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("kind","record_id","id");--> statement-breakpoint
CREATE INDEX "record_history_row_idx" ON "record_history" USING btree ("table_name","row_id","id");--> statement-breakpoint
CREATE INDEX "record_history_at_idx" ON "record_history" USING btree ("at");--> statement-breakpoint
CREATE INDEX "record_history_actor_idx" ON "record_history" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "record_history_batch_idx" ON "record_history" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "record_history_tx_idx" ON "record_history" USING btree ("tx_id");