CREATE TABLE "account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp (3) with time zone,
	"refresh_token_expires_at" timestamp (3) with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_role_check" CHECK ("user"."role" in ('admin', 'staff', 'pending'))
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_contacts" (
	"client_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_contacts_client_id_contact_id_pk" PRIMARY KEY("client_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"industry_type" text,
	"logo_key" text,
	"logo_width" integer,
	"logo_height" integer,
	"location" text,
	"website" text,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_name_check" CHECK (btrim("clients"."name") <> '' and char_length("clients"."name") <= 100)
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"client_id" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_name_check" CHECK (btrim("contacts"."name") <> '' and char_length("contacts"."name") <= 100)
);
--> statement-breakpoint
CREATE TABLE "industry_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "industry_types_name_unique" UNIQUE("name"),
	CONSTRAINT "industry_types_name_check" CHECK ("industry_types"."name" = btrim("industry_types"."name") and "industry_types"."name" <> '')
);
--> statement-breakpoint
CREATE TABLE "playground_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"option_name" text NOT NULL,
	"option_category" text DEFAULT 'General' NOT NULL,
	"description" text,
	"image_key" text,
	"image_width" integer,
	"image_height" integer,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playground_options_option_name_unique" UNIQUE("option_name"),
	CONSTRAINT "playground_options_name_check" CHECK (btrim("playground_options"."option_name") <> '')
);
--> statement-breakpoint
CREATE TABLE "project_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"caption" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"display_order" integer NOT NULL,
	"image_category" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_images_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "project_images_category_check" CHECK ("project_images"."image_category" in ('3d_renders', 'photos_installation', 'photos_completed')),
	CONSTRAINT "project_images_display_order_check" CHECK ("project_images"."display_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_options" (
	"project_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_options_project_id_option_id_pk" PRIMARY KEY("project_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "project_videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"youtube_url" text NOT NULL,
	"youtube_id" text NOT NULL,
	"display_order" integer NOT NULL,
	"video_category" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_videos_category_check" CHECK ("project_videos"."video_category" in ('3d_renders', 'real_videos')),
	CONSTRAINT "project_videos_youtube_id_check" CHECK ("project_videos"."youtube_id" ~ '^[A-Za-z0-9_-]{11}$'),
	CONSTRAINT "project_videos_display_order_check" CHECK ("project_videos"."display_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"project_name" text,
	"description" text,
	"client_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"end_date" date,
	"show_in_gallery" boolean DEFAULT false NOT NULL,
	"theme_style" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"featured_url" text,
	"sale_price" numeric(12, 2),
	"capacity" integer,
	"created_by" uuid,
	"has_main_playground" boolean DEFAULT false NOT NULL,
	"main_playground_length" numeric(10, 2),
	"main_playground_width" numeric(10, 2),
	"main_playground_height" numeric(10, 2),
	"levels" integer,
	"sq_feet" numeric(12, 2),
	"has_toddler_zone" boolean DEFAULT false NOT NULL,
	"toddler_zone_length" numeric(10, 2),
	"toddler_zone_width" numeric(10, 2),
	"toddler_zone_height" numeric(10, 2),
	"toddler_zone_levels" integer,
	"toddler_zone_sq_feet" numeric(12, 2),
	"has_sport_court" boolean DEFAULT false NOT NULL,
	"sport_court_length" numeric(10, 2),
	"sport_court_width" numeric(10, 2),
	"sport_court_height" numeric(10, 2),
	"sport_court_levels" integer,
	"sport_court_sq_feet" numeric(12, 2),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_project_name_unique" UNIQUE("project_name"),
	CONSTRAINT "projects_title_check" CHECK (btrim("projects"."title") <> '' and char_length("projects"."title") <= 200),
	CONSTRAINT "projects_status_check" CHECK ("projects"."status" in ('draft', 'planning', 'in_progress', 'completed', 'on_hold')),
	CONSTRAINT "projects_project_name_check" CHECK ("projects"."project_name" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("projects"."project_name") <= 100 and "projects"."project_name" not in ('admin', 'api', 'assets', 'auth', 'build', 'embed', 'favicon', 'gallery', 'healthz', 'media', 'new', 'pending', 'projects', 'public', 'robots', 'sitemap', 'static', 'webview'))
);
--> statement-breakpoint
CREATE TABLE "galleries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "galleries_slug_unique" UNIQUE("slug"),
	CONSTRAINT "galleries_name_check" CHECK (btrim("galleries"."name") <> '' and char_length("galleries"."name") <= 100),
	CONSTRAINT "galleries_slug_check" CHECK ("galleries"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("galleries"."slug") <= 100),
	CONSTRAINT "galleries_description_check" CHECK (char_length("galleries"."description") <= 500)
);
--> statement-breakpoint
CREATE TABLE "gallery_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gallery_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"display_order" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_projects_gallery_project_key" UNIQUE("gallery_id","project_id"),
	CONSTRAINT "gallery_projects_display_order_check" CHECK ("gallery_projects"."display_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"date_sent" date,
	"date_signed" date,
	"notes" text,
	"document_key" text,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" in ('draft', 'sent', 'signed'))
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_industry_type_industry_types_name_fk" FOREIGN KEY ("industry_type") REFERENCES "public"."industry_types"("name") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playground_options" ADD CONSTRAINT "playground_options_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_images" ADD CONSTRAINT "project_images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_options" ADD CONSTRAINT "project_options_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_options" ADD CONSTRAINT "project_options_option_id_playground_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."playground_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_videos" ADD CONSTRAINT "project_videos_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_projects" ADD CONSTRAINT "gallery_projects_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_projects" ADD CONSTRAINT "gallery_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "client_contacts_contact_id_idx" ON "client_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree ("name");--> statement-breakpoint
CREATE INDEX "clients_industry_type_idx" ON "clients" USING btree ("industry_type");--> statement-breakpoint
CREATE INDEX "contacts_client_id_idx" ON "contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "contacts_name_idx" ON "contacts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "project_images_order_idx" ON "project_images" USING btree ("project_id","image_category","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "project_images_one_featured_idx" ON "project_images" USING btree ("project_id") WHERE "project_images"."is_featured";--> statement-breakpoint
CREATE INDEX "project_options_option_id_idx" ON "project_options" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "project_videos_order_idx" ON "project_videos" USING btree ("project_id","display_order");--> statement-breakpoint
CREATE INDEX "projects_client_id_idx" ON "projects" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status");--> statement-breakpoint
CREATE INDEX "projects_created_at_idx" ON "projects" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "galleries_created_at_idx" ON "galleries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gallery_projects_order_idx" ON "gallery_projects" USING btree ("gallery_id","display_order");--> statement-breakpoint
CREATE INDEX "gallery_projects_project_id_idx" ON "gallery_projects" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "contracts_project_id_idx" ON "contracts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "contracts_created_at_idx" ON "contracts" USING btree ("created_at");--> statement-breakpoint
CREATE VIEW "public"."gallery_projects_with_details" AS (select "gallery_projects"."id", "gallery_projects"."gallery_id", "gallery_projects"."project_id", "gallery_projects"."display_order", "projects"."title", "clients"."id" as "client_id", "clients"."name" as "client_name", "clients"."logo_key" as "client_logo_key", "clients"."industry_type" as "client_industry_type", "clients"."location" as "client_location" from "gallery_projects" inner join "projects" on "projects"."id" = "gallery_projects"."project_id" inner join "clients" on "clients"."id" = "projects"."client_id");