ALTER TABLE "project_images" ADD COLUMN "alt_text" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "story_brief" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "story_solution" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "story_result" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "quote_text" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "quote_author" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "quote_role" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "age_groups" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "inclusive_play" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "surfacing" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "comparison_render_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "comparison_photo_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_age_groups_check" CHECK ("projects"."age_groups" <@ array['6-23-months', '2-5-years', '5-12-years', '13-plus']::text[]);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_surfacing_check" CHECK ("projects"."surfacing" in ('poured-rubber', 'turf', 'mulch', 'sand', 'other'));