ALTER TABLE "share_links" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_label_check" CHECK (char_length("share_links"."label") <= 100);