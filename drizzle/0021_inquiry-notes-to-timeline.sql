-- The follow-up's notes field, overwritten on every save, becomes the first
-- entry of its inquiry's timeline (nothing is lost): written by whoever last
-- changed it, as the history knows (else the System), at the inquiry's last update.
INSERT INTO "inquiry_events" ("inquiry_id", "type", "body", "author_id", "author_name", "at")
SELECT i."id", 'note', left(i."notes", 10000), last."actor_id", coalesce(last."actor_name", 'System'), i."updated_at"
FROM "inquiries" i
LEFT JOIN LATERAL (
  SELECT h."actor_name", u."id" AS "actor_id"
  FROM "record_history" h
  LEFT JOIN "user" u ON u."id" = h."actor_id"
  WHERE h."table_name" = 'inquiries' AND h."row_id" = i."id"::text AND h."after" ? 'notes'
  ORDER BY h."id" DESC
  LIMIT 1
) last ON true
WHERE btrim(coalesce(i."notes", '')) <> '';--> statement-breakpoint
ALTER TABLE "inquiries" DROP COLUMN "notes";
