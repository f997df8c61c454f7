CREATE TABLE "contract_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"type" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"contact_id" uuid,
	"name" text NOT NULL,
	"email" text,
	"ip" text,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "contract_events_type_check" CHECK ("contract_events"."type" in ('sent', 'viewed', 'signed', 'declined', 'voided', 'expired', 'reminded'))
);
--> statement-breakpoint
CREATE TABLE "contract_recipients" (
	"contract_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_recipients_contract_id_contact_id_pk" PRIMARY KEY("contract_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "user" DROP CONSTRAINT "user_role_check";--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_project_name_check";--> statement-breakpoint
-- /portal is the client portal now: a project that had that name keeps its page under another.
UPDATE "projects" SET "project_name" = 'portal-project' WHERE "project_name" = 'portal' AND NOT EXISTS (SELECT 1 FROM "projects" WHERE "project_name" = 'portal-project');--> statement-breakpoint
UPDATE "projects" SET "project_name" = NULL WHERE "project_name" = 'portal';--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_status_check";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "document_sha256" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_document_key" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_document_bytes" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "declined_reason" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "reminder_sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_recipients" ADD CONSTRAINT "contract_recipients_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_recipients" ADD CONSTRAINT "contract_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_events_contract_id_at_idx" ON "contract_events" USING btree ("contract_id","at");--> statement-breakpoint
CREATE INDEX "contract_recipients_contact_id_idx" ON "contract_recipients" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_id_key" ON "contacts" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role_check" CHECK ("user"."role" in ('admin', 'staff', 'pending', 'client'));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_name_check" CHECK ("projects"."project_name" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("projects"."project_name") <= 100 and "projects"."project_name" not in ('admin', 'api', 'assets', 'auth', 'build', 'embed', 'favicon', 'gallery', 'healthz', 'media', 'new', 'oembed', 'pending', 'portal', 'projects', 'public', 'robots', 'sitemap', 'static', 'webview'));--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" in ('draft', 'sent', 'viewed', 'signed', 'declined', 'voided', 'expired'));