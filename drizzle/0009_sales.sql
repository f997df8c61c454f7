CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"organisation" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	"project_id" uuid,
	"gallery_id" uuid,
	"source_title" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_status_check" CHECK ("inquiries"."status" in ('new', 'contacted', 'won', 'lost')),
	CONSTRAINT "inquiries_name_check" CHECK (btrim("inquiries"."name") <> '' and char_length("inquiries"."name") <= 100),
	CONSTRAINT "inquiries_message_check" CHECK (btrim("inquiries"."message") <> '' and char_length("inquiries"."message") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"project_id" uuid,
	"gallery_id" uuid,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp (3) with time zone,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "share_links_one_target_check" CHECK (("share_links"."project_id" is null) <> ("share_links"."gallery_id" is null))
);
--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_project_name_check";--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "project_book_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_created_at_idx" ON "inquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inquiries_status_idx" ON "inquiries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "share_links_project_id_idx" ON "share_links" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "share_links_gallery_id_idx" ON "share_links" USING btree ("gallery_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_name_check" CHECK ("projects"."project_name" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("projects"."project_name") <= 100 and "projects"."project_name" not in ('admin', 'api', 'assets', 'auth', 'build', 'embed', 'favicon', 'gallery', 'healthz', 'media', 'new', 'oembed', 'pending', 'projects', 'public', 'robots', 'sitemap', 'static', 'webview'));--> statement-breakpoint
-- Custom SQL (keep on regeneration): the notes form's version token, as on every edited table.
CREATE TRIGGER inquiries_set_updated_at BEFORE UPDATE ON inquiries FOR EACH ROW EXECUTE FUNCTION set_updated_at();
