CREATE TABLE "import_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"csv" text NOT NULL,
	"headers" jsonb NOT NULL,
	"examples" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"job_state" text,
	"job_progress" real DEFAULT 0 NOT NULL,
	"job_batch_id" uuid,
	"job_message" text,
	"job_instance" text,
	"job_heartbeat_at" timestamp (3) with time zone,
	CONSTRAINT "import_sessions_kind_check" CHECK ("import_sessions"."kind" in ('clients', 'contacts', 'projects')),
	CONSTRAINT "import_sessions_job_state_check" CHECK ("import_sessions"."job_state" in ('running', 'done', 'failed')),
	CONSTRAINT "import_sessions_size_check" CHECK (octet_length("import_sessions"."csv") <= 10485760)
);
--> statement-breakpoint
ALTER TABLE "import_sessions" ADD CONSTRAINT "import_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_sessions_user_idx" ON "import_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "import_sessions_created_at_idx" ON "import_sessions" USING btree ("created_at");