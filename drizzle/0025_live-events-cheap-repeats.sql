-- A large write's rows after the first 20 of a kind are already named by the transaction's one
-- "kind:*" event (0018): the deferred trigger now sees that first, before building the row's
-- JSON or saving its notes, so the 10,000th client of an import costs one string lookup at commit.
-- Otherwise unchanged (decision 0089).
CREATE OR REPLACE FUNCTION publish_change() RETURNS trigger AS $$
DECLARE
  kind text := TG_ARGV[0];
  reach text := TG_ARGV[2];
  seen text := coalesce(current_setting('playfolio.changes', true), '');
  actor text;
  actor_label text;
  record text;
  op text;
  key text;
  named integer;
  next_version bigint;
  event live_events%ROWTYPE;
  oldest bigint;
BEGIN
  -- Past 20 records of a kind the transaction's one event names them all: a large import's
  -- thousands of rows after that cost one lookup each.
  IF reach <> 'internal' AND strpos(seen, '|' || kind || ':*|') > 0
    AND (reach <> 'public' OR strpos(seen, '|content|') > 0) THEN
    RETURN NULL;
  END IF;
  actor := nullif(current_setting('playfolio.actor_id', true), '');
  actor_label := CASE WHEN actor IS NOT NULL THEN nullif(current_setting('playfolio.actor_name', true), '') END;
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
    SELECT min(id) INTO oldest FROM live_events;
    IF event.id - oldest >= 11000 THEN
      DELETE FROM live_events WHERE id <= event.id - 10000;
    END IF;
  END IF;

  PERFORM set_config('playfolio.changes', seen, true);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
