CREATE TABLE "proposal_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"contact_id" uuid,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"typed_name" text,
	"consent" boolean DEFAULT false NOT NULL,
	"consent_text" text,
	"signature_png" text,
	"chosen_line_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_accepted" bigint,
	"content_sha256" text NOT NULL,
	"decline_reason" text,
	"ip" text,
	"user_agent" text,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"document_key" text,
	"certificate_key" text,
	CONSTRAINT "proposal_acceptances_version_id_unique" UNIQUE("version_id"),
	CONSTRAINT "proposal_acceptances_outcome_check" CHECK ("proposal_acceptances"."outcome" in ('accepted', 'declined')),
	CONSTRAINT "proposal_acceptances_shape_check" CHECK (case "proposal_acceptances"."outcome" when 'accepted' then "proposal_acceptances"."consent" and btrim(coalesce("proposal_acceptances"."typed_name", '')) <> '' and "proposal_acceptances"."total_accepted" is not null else btrim(coalesce("proposal_acceptances"."decline_reason", '')) <> '' end),
	CONSTRAINT "proposal_acceptances_reason_check" CHECK (char_length("proposal_acceptances"."decline_reason") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "proposal_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"version_id" uuid,
	"author" text NOT NULL,
	"user_id" uuid,
	"contact_id" uuid,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"requests_changes" boolean DEFAULT false NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_comments_author_check" CHECK ("proposal_comments"."author" in ('staff', 'client')),
	CONSTRAINT "proposal_comments_body_check" CHECK (btrim("proposal_comments"."body") <> '' and char_length("proposal_comments"."body") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "proposal_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"caption" text,
	"project_image_id" uuid,
	"option_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_media_kind_check" CHECK ("proposal_media"."kind" in ('design', 'line')),
	CONSTRAINT "proposal_media_size_check" CHECK ("proposal_media"."width" > 0 and "proposal_media"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "proposal_recipients" (
	"version_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_recipients_version_id_contact_id_pk" PRIMARY KEY("version_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "proposal_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_templates_name_unique" UNIQUE("name"),
	CONSTRAINT "proposal_templates_name_check" CHECK (btrim("proposal_templates"."name") <> '' and char_length("proposal_templates"."name") <= 100)
);
--> statement-breakpoint
CREATE TABLE "proposal_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"currency" text NOT NULL,
	"locale" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"total_with_optional" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"content_sha256" text,
	"sent_at" timestamp (3) with time zone,
	"sent_by" uuid,
	"sent_by_name" text,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_versions_number_check" CHECK ("proposal_versions"."number" >= 1),
	CONSTRAINT "proposal_versions_currency_check" CHECK ("proposal_versions"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "proposal_versions_totals_check" CHECK ("proposal_versions"."total" between 0 and 999999999999999 and "proposal_versions"."total_with_optional" between "proposal_versions"."total" and 999999999999999),
	CONSTRAINT "proposal_versions_sent_check" CHECK (("proposal_versions"."sent_at" is null) = ("proposal_versions"."content_sha256" is null))
);
--> statement-breakpoint
CREATE TABLE "proposal_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"contact_id" uuid,
	"user_id" uuid,
	"name" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid,
	"inquiry_id" uuid,
	"contract_id" uuid,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"valid_until" date,
	"owner_id" uuid,
	"created_by" uuid,
	"closed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'changes_requested', 'expired', 'withdrawn')),
	CONSTRAINT "proposals_title_check" CHECK (btrim("proposals"."title") <> '' and char_length("proposals"."title") <= 200)
);
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_kind_check";--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_version_id_proposal_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."proposal_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_comments" ADD CONSTRAINT "proposal_comments_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_comments" ADD CONSTRAINT "proposal_comments_version_id_proposal_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."proposal_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_comments" ADD CONSTRAINT "proposal_comments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_comments" ADD CONSTRAINT "proposal_comments_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_media" ADD CONSTRAINT "proposal_media_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_media" ADD CONSTRAINT "proposal_media_project_image_id_project_images_id_fk" FOREIGN KEY ("project_image_id") REFERENCES "public"."project_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_media" ADD CONSTRAINT "proposal_media_option_id_playground_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."playground_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_recipients" ADD CONSTRAINT "proposal_recipients_version_id_proposal_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."proposal_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_recipients" ADD CONSTRAINT "proposal_recipients_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_recipients" ADD CONSTRAINT "proposal_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_templates" ADD CONSTRAINT "proposal_templates_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_views" ADD CONSTRAINT "proposal_views_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_views" ADD CONSTRAINT "proposal_views_version_id_proposal_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."proposal_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_views" ADD CONSTRAINT "proposal_views_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_views" ADD CONSTRAINT "proposal_views_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_acceptances_proposal_id_idx" ON "proposal_acceptances" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_comments_proposal_id_at_idx" ON "proposal_comments" USING btree ("proposal_id","at");--> statement-breakpoint
CREATE INDEX "proposal_media_proposal_id_idx" ON "proposal_media" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_recipients_proposal_id_idx" ON "proposal_recipients" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_recipients_contact_id_idx" ON "proposal_recipients" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_versions_number_key" ON "proposal_versions" USING btree ("proposal_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_versions_one_draft_key" ON "proposal_versions" USING btree ("proposal_id") WHERE "proposal_versions"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "proposal_views_proposal_id_at_idx" ON "proposal_views" USING btree ("proposal_id","at");--> statement-breakpoint
CREATE INDEX "proposals_client_id_idx" ON "proposals" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "proposals_project_id_idx" ON "proposals" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "proposals_inquiry_id_idx" ON "proposals" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "proposals_status_idx" ON "proposals" USING btree ("status");--> statement-breakpoint
CREATE INDEX "proposals_created_at_idx" ON "proposals" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_currency_check" CHECK ("company_settings"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_locale_check" CHECK (char_length("company_settings"."locale") between 2 and 35);--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('client-logo', 'option-image', 'company-logo', 'proposal-image'));
--> statement-breakpoint
-- The triggers the tables' declarations ask for (app/tables/declare.ts), written by npm run db:generate.
CREATE TRIGGER "proposal_acceptances_history" AFTER UPDATE OR DELETE ON "proposal_acceptances" FOR EACH ROW EXECUTE FUNCTION record_history('proposal:proposal_id', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "proposal_acceptances_history_inserts" AFTER INSERT ON "proposal_acceptances" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_inserts('proposal:proposal_id', 'id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "proposal_acceptances_changes" AFTER INSERT OR UPDATE OR DELETE ON "proposal_acceptances" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('proposal-event', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_acceptances_changes_truncate" AFTER TRUNCATE ON "proposal_acceptances" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('proposal-event', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_comments_history" AFTER UPDATE OR DELETE ON "proposal_comments" FOR EACH ROW EXECUTE FUNCTION record_history('proposal:proposal_id', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "proposal_comments_history_inserts" AFTER INSERT ON "proposal_comments" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_inserts('proposal:proposal_id', 'id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "proposal_comments_changes" AFTER INSERT OR UPDATE OR DELETE ON "proposal_comments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('proposal-event', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_comments_changes_truncate" AFTER TRUNCATE ON "proposal_comments" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('proposal-event', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_media_history" AFTER UPDATE OR DELETE ON "proposal_media" FOR EACH ROW EXECUTE FUNCTION record_history('proposal:proposal_id', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "proposal_media_history_inserts" AFTER INSERT ON "proposal_media" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_inserts('proposal:proposal_id', 'id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "proposal_media_changes" AFTER INSERT OR UPDATE OR DELETE ON "proposal_media" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('proposal', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_media_changes_truncate" AFTER TRUNCATE ON "proposal_media" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('proposal', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_recipients_history" AFTER UPDATE OR DELETE ON "proposal_recipients" FOR EACH ROW EXECUTE FUNCTION record_history('proposal:proposal_id', 'version_id,contact_id', '');
--> statement-breakpoint
CREATE TRIGGER "proposal_recipients_history_inserts" AFTER INSERT ON "proposal_recipients" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_inserts('proposal:proposal_id', 'version_id,contact_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "proposal_recipients_changes" AFTER INSERT OR UPDATE OR DELETE ON "proposal_recipients" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('proposal', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_recipients_changes_truncate" AFTER TRUNCATE ON "proposal_recipients" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('proposal', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_templates_set_updated_at" BEFORE UPDATE ON "proposal_templates" FOR EACH ROW EXECUTE FUNCTION set_updated_at();
--> statement-breakpoint
CREATE TRIGGER "proposal_templates_history" AFTER UPDATE OR DELETE ON "proposal_templates" FOR EACH ROW EXECUTE FUNCTION record_history('proposal-template:id', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "proposal_templates_history_inserts" AFTER INSERT ON "proposal_templates" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_inserts('proposal-template:id', 'id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "proposal_templates_changes" AFTER INSERT OR UPDATE OR DELETE ON "proposal_templates" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('proposal-template', 'id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_templates_changes_truncate" AFTER TRUNCATE ON "proposal_templates" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('proposal-template', 'id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_versions_set_updated_at" BEFORE UPDATE ON "proposal_versions" FOR EACH ROW EXECUTE FUNCTION set_updated_at();
--> statement-breakpoint
CREATE TRIGGER "proposal_versions_history" AFTER UPDATE OR DELETE ON "proposal_versions" FOR EACH ROW EXECUTE FUNCTION record_history('proposal:proposal_id', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "proposal_versions_history_inserts" AFTER INSERT ON "proposal_versions" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_inserts('proposal:proposal_id', 'id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "proposal_versions_changes" AFTER INSERT OR UPDATE OR DELETE ON "proposal_versions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('proposal', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_versions_changes_truncate" AFTER TRUNCATE ON "proposal_versions" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('proposal', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_views_history" AFTER UPDATE OR DELETE ON "proposal_views" FOR EACH ROW EXECUTE FUNCTION record_history('proposal:proposal_id', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "proposal_views_history_inserts" AFTER INSERT ON "proposal_views" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_inserts('proposal:proposal_id', 'id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "proposal_views_changes" AFTER INSERT OR UPDATE OR DELETE ON "proposal_views" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('proposal-event', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposal_views_changes_truncate" AFTER TRUNCATE ON "proposal_views" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('proposal-event', 'proposal_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposals_set_updated_at" BEFORE UPDATE ON "proposals" FOR EACH ROW EXECUTE FUNCTION set_updated_at();
--> statement-breakpoint
CREATE TRIGGER "proposals_history" AFTER UPDATE OR DELETE ON "proposals" FOR EACH ROW EXECUTE FUNCTION record_history('proposal:id', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "proposals_history_inserts" AFTER INSERT ON "proposals" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_inserts('proposal:id', 'id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "proposals_changes" AFTER INSERT OR UPDATE OR DELETE ON "proposals" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('proposal', 'id', 'private');
--> statement-breakpoint
CREATE TRIGGER "proposals_changes_truncate" AFTER TRUNCATE ON "proposals" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('proposal', 'id', 'private');
