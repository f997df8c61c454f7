-- Live updates for staff (issue 29, decision 0057): every committed write to a
-- table staff work on publishes a small event — what kind of record, which one,
-- created/updated/deleted, who (the account the app stamps on the
-- transaction), when — never the record's content. The content version of the
-- render cache (0007) becomes one of these events: one trigger per table, one
-- function, one NOTIFY channel that every app instance listens to.
--
-- Events are kept in live_events, a bounded log (about the last 10,000), so a
-- browser that reconnects says the last id it saw and is sent what it missed.
-- Ids follow commit order: the first change of a transaction takes one advisory
-- lock at commit, so two transactions never commit their events in the
-- opposite order of their ids (a reconnect asking "after 41" never misses a 40
-- committed later). The lock is held only for the moment of the commit, as the
-- content version's row lock was.
--
-- Not part of the Drizzle schema: derived state, never backed up or restored.
CREATE TABLE "live_events" (
  "id" bigserial PRIMARY KEY,
  "at" timestamptz NOT NULL DEFAULT clock_timestamp(),
  "kind" text NOT NULL,
  -- Null: more records of this kind changed in one transaction than are worth naming.
  "record_id" text,
  "op" text NOT NULL CHECK ("op" IN ('created', 'updated', 'deleted')),
  "actor_id" text,
  "actor_name" text
);
--> statement-breakpoint
-- Who is editing what (the edit pages' "Anna is also editing this project"): one
-- row per browser tab, refreshed by the instance that holds the tab's stream
-- while it is open, removed when it closes; a row whose instance died expires.
CREATE TABLE "live_presence" (
  "stream_id" text NOT NULL,
  "tab_id" text NOT NULL,
  "user_id" text NOT NULL,
  "user_name" text NOT NULL,
  "subject" text NOT NULL,
  "since" timestamptz NOT NULL DEFAULT clock_timestamp(),
  "expires_at" timestamptz NOT NULL,
  PRIMARY KEY ("stream_id", "tab_id")
);
--> statement-breakpoint
CREATE INDEX "live_presence_subject_idx" ON "live_presence" ("subject");
--> statement-breakpoint
-- The trigger's arguments: the event's kind, the column naming the record (a
-- child row names its parent: an image names its project), and the table's
-- reach: 'public' (a public page reads it: the content version moves too),
-- 'private' (staff pages only) or 'internal' (heard by the servers, never logged
-- nor sent to a browser: a session that ends).
CREATE FUNCTION publish_change() RETURNS trigger AS $$
DECLARE
  kind text := TG_ARGV[0];
  reach text := TG_ARGV[2];
  seen text := coalesce(current_setting('playfolio.changes', true), '');
  -- Who: the request's account, as the app stamps each transaction (app/.server/db/history-scope.ts).
  actor text := nullif(current_setting('playfolio.actor_id', true), '');
  actor_label text := CASE WHEN actor IS NOT NULL THEN nullif(current_setting('playfolio.actor_name', true), '') END;
  record text;
  op text;
  key text;
  named integer;
  next_version bigint;
  event live_events%ROWTYPE;
  oldest bigint;
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    record := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[1];
  END IF;
  op := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END;
  IF seen = '' THEN
    PERFORM pg_advisory_xact_lock(290029);
    seen := '|';
  END IF;

  IF reach = 'public' AND strpos(seen, '|content|') = 0 THEN
    UPDATE content_version SET version = version + 1 WHERE id = 1 RETURNING version INTO next_version;
    PERFORM pg_notify('playfolio_changes', json_build_object('kind', 'content', 'record', next_version::text)::text);
    seen := seen || 'content|';
  END IF;

  IF reach = 'internal' THEN
    PERFORM pg_notify('playfolio_changes', json_build_object('kind', kind, 'record', record, 'op', op)::text);
  ELSIF strpos(seen, '|' || kind || ':*|') = 0 AND (record IS NULL OR strpos(seen, '|' || kind || ':' || record || '|') = 0) THEN
    -- One event per record and transaction; past 20 records of a kind, one event for all of them.
    named := (length(seen) - length(replace(seen, '|' || kind || ':', ''))) / length('|' || kind || ':');
    IF named >= 20 THEN
      record := NULL;
      op := 'updated';
    END IF;
    key := kind || ':' || coalesce(record, '*');
    INSERT INTO live_events (kind, record_id, op, actor_id, actor_name)
      VALUES (kind, record, op, actor, actor_label)
      RETURNING * INTO event;
    PERFORM pg_notify('playfolio_changes', json_build_object(
      'id', event.id, 'kind', kind, 'record', record, 'op', op,
      'actor', event.actor_id, 'actorName', event.actor_name, 'at', event.at)::text);
    seen := seen || key || '|';
    -- The log keeps about the last 10,000 events (what a reconnect can be sent).
    SELECT min(id) INTO oldest FROM live_events;
    IF event.id - oldest >= 11000 THEN
      DELETE FROM live_events WHERE id <= event.id - 10000;
    END IF;
  END IF;

  PERFORM set_config('playfolio.changes', seen, true);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The content version's own triggers become these.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['projects', 'project_images', 'project_videos', 'project_options', 'playground_options',
    'clients', 'galleries', 'gallery_projects', 'company_settings', 'industry_types']
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_content_version', t);
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_content_version_truncate', t);
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION bump_content_version();
--> statement-breakpoint
-- Row triggers run at COMMIT (deferred constraint triggers), after every write
-- of the transaction; TRUNCATE fires no row trigger, so a statement trigger
-- stands in for it.
DO $$
DECLARE
  spec text[];
  specs text[][] := ARRAY[
    ['projects', 'project', 'id', 'public'],
    ['project_images', 'project-media', 'project_id', 'public'],
    ['project_videos', 'project-media', 'project_id', 'public'],
    ['project_options', 'project-options', 'project_id', 'public'],
    ['playground_options', 'option', 'id', 'public'],
    ['clients', 'client', 'id', 'public'],
    ['galleries', 'gallery', 'id', 'public'],
    ['gallery_projects', 'gallery-projects', 'gallery_id', 'public'],
    ['company_settings', 'company', 'id', 'public'],
    ['industry_types', 'industry-type', 'id', 'public'],
    ['contacts', 'contact', 'id', 'private'],
    ['client_contacts', 'client-contacts', 'client_id', 'private'],
    ['contracts', 'contract', 'id', 'private'],
    -- A contract viewed, signed or declined in the client portal (its timeline): named by its contract.
    ['contract_events', 'contract-event', 'contract_id', 'private'],
    ['inquiries', 'inquiry', 'id', 'private'],
    ['share_links', 'share-link', 'id', 'private'],
    ['user', 'account', 'id', 'private']
  ];
BEGIN
  FOREACH spec SLICE 1 IN ARRAY specs
  LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change(%L, %L, %L)',
      spec[1] || '_changes', spec[1], spec[2], spec[3], spec[4]);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION publish_change(%L, %L, %L)',
      spec[1] || '_changes_truncate', spec[1], spec[2], spec[3], spec[4]);
  END LOOP;
END $$;
--> statement-breakpoint
-- A session that ends (signed out, or every session of a disabled account): the
-- servers end its live stream at once. Sign-ins and refreshes are not news.
CREATE CONSTRAINT TRIGGER "session_changes" AFTER DELETE ON "session"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('session', 'id', 'internal');
