CREATE TABLE "page_views" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_views_day_kind_ref_source_pk" PRIMARY KEY("day","kind","ref","source"),
	CONSTRAINT "page_views_kind_check" CHECK ("page_views"."kind" in ('project', 'gallery', 'page')),
	CONSTRAINT "page_views_source_check" CHECK (char_length("page_views"."source") <= 200)
);
--> statement-breakpoint
CREATE TABLE "page_visitor_days" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "page_visitor_days_day_kind_ref_pk" PRIMARY KEY("day","kind","ref")
);
--> statement-breakpoint
CREATE TABLE "page_visitors" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "page_visitors_day_kind_ref_visitor_pk" PRIMARY KEY("day","kind","ref","visitor")
);
