-- The inquiry pipeline (issue 31, decision 0065): a quoted stage, why a lost
-- inquiry was lost, its owner, its next action's date, the client it became,
-- and a timeline of notes and stage changes (inquiry_events) that is only ever
-- added to. 0021 moves the old notes field into the timeline.
CREATE TABLE "inquiry_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"type" text NOT NULL,
	"body" text,
	"from_status" text,
	"to_status" text,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_events_type_check" CHECK ("inquiry_events"."type" in ('note', 'stage')),
	CONSTRAINT "inquiry_events_shape_check" CHECK (case "inquiry_events"."type" when 'note' then btrim("inquiry_events"."body") <> '' and "inquiry_events"."to_status" is null else "inquiry_events"."to_status" is not null end),
	CONSTRAINT "inquiry_events_body_check" CHECK (char_length("inquiry_events"."body") <= 10000)
);
--> statement-breakpoint
ALTER TABLE "inquiries" DROP CONSTRAINT "inquiries_status_check";--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "next_action_on" date;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "inquiry_events" ADD CONSTRAINT "inquiry_events_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_events" ADD CONSTRAINT "inquiry_events_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_events_inquiry_id_at_idx" ON "inquiry_events" USING btree ("inquiry_id","at");--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_next_action_on_idx" ON "inquiries" USING btree ("next_action_on");--> statement-breakpoint
-- Inquiries lost before reasons were kept keep their stage with a reason saying so.
UPDATE "inquiries" SET "lost_reason" = 'Not recorded' WHERE "status" = 'lost';--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_lost_reason_check" CHECK (("inquiries"."status" = 'lost') = ("inquiries"."lost_reason" is not null) and char_length(btrim("inquiries"."lost_reason")) between 1 and 500);--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_status_check" CHECK ("inquiries"."status" in ('new', 'contacted', 'quoted', 'won', 'lost'));--> statement-breakpoint
-- Its history (decision 0060) is the inquiry's; a new entry updates the staff pages live (decision 0057).
SELECT add_record_history('inquiry_events', 'inquiry:inquiry_id', 'id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "inquiry_events_changes" AFTER INSERT OR UPDATE OR DELETE ON "inquiry_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('inquiry', 'inquiry_id', 'private');--> statement-breakpoint
CREATE TRIGGER "inquiry_events_changes_truncate" AFTER TRUNCATE ON "inquiry_events"
  FOR EACH STATEMENT EXECUTE FUNCTION publish_change('inquiry', 'inquiry_id', 'private');
