-- The history of every record (decision 0060): a row trigger on each of the
-- product's tables writes what changed into record_history, in the same
-- transaction as the change, so a change and its history commit or roll back
-- together, whoever writes (domain code, an import, a script, psql).
--
-- Who: the app stamps each transaction with transaction-local settings
-- (playfolio.actor_id, playfolio.actor_name, playfolio.batch_id; see
-- app/.server/db/history-scope.ts); without them the change is the System's.
-- playfolio.history = 'off' skips the trigger (a backup's restore).
--
-- Arguments: the owner ("kind:column", several separated by commas: the first
-- whose column is not null), the row's key columns, and columns whose changes
-- are not history (updated_at never is).
CREATE FUNCTION record_history() RETURNS trigger AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
  row_data jsonb;
  before_values jsonb;
  after_values jsonb;
  owner text;
  owner_kind text;
  owner_id text;
  ignored text[] := array_append(coalesce(string_to_array(nullif(TG_ARGV[2], ''), ','), '{}'), 'updated_at');
BEGIN
  IF current_setting('playfolio.history', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    old_row := to_jsonb(OLD);
    new_row := to_jsonb(NEW);
    SELECT jsonb_object_agg(n.key, old_row -> n.key), jsonb_object_agg(n.key, n.value)
      INTO before_values, after_values
      FROM jsonb_each(new_row) AS n
      WHERE n.value IS DISTINCT FROM old_row -> n.key AND NOT (n.key = ANY (ignored));
    -- Nothing a person would call a change (a bumped updated_at, a counter).
    IF after_values IS NULL THEN
      RETURN NULL;
    END IF;
    row_data := new_row;
  ELSIF TG_OP = 'INSERT' THEN
    after_values := to_jsonb(NEW);
    row_data := after_values;
  ELSE
    before_values := to_jsonb(OLD);
    row_data := before_values;
  END IF;

  FOREACH owner IN ARRAY string_to_array(TG_ARGV[0], ',') LOOP
    owner_id := row_data ->> split_part(owner, ':', 2);
    IF owner_id IS NOT NULL THEN
      owner_kind := split_part(owner, ':', 1);
      EXIT;
    END IF;
  END LOOP;

  INSERT INTO record_history (tx_id, actor_id, actor_name, batch_id, kind, record_id, table_name, row_id,
    operation, before, after)
  VALUES (
    txid_current(),
    nullif(current_setting('playfolio.actor_id', true), '')::uuid,
    coalesce(nullif(current_setting('playfolio.actor_name', true), ''), 'System'),
    nullif(current_setting('playfolio.batch_id', true), '')::uuid,
    owner_kind,
    owner_id,
    TG_TABLE_NAME,
    (SELECT string_agg(row_data ->> k, '/') FROM unnest(string_to_array(TG_ARGV[1], ',')) AS k),
    lower(TG_OP),
    before_values,
    after_values
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION add_record_history(table_name text, owners text, key_columns text, ignored text DEFAULT '')
RETURNS void AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
    'FOR EACH ROW EXECUTE FUNCTION record_history(%L, %L, %L)',
    table_name || '_history', table_name, owners, key_columns, ignored);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT add_record_history('industry_types', 'industry-type:id', 'id');
--> statement-breakpoint
SELECT add_record_history('clients', 'client:id', 'id');
--> statement-breakpoint
SELECT add_record_history('contacts', 'contact:id', 'id');
--> statement-breakpoint
SELECT add_record_history('client_contacts', 'client:client_id', 'client_id,contact_id');
--> statement-breakpoint
SELECT add_record_history('projects', 'project:id', 'id');
--> statement-breakpoint
SELECT add_record_history('project_images', 'project:project_id', 'id');
--> statement-breakpoint
SELECT add_record_history('project_videos', 'project:project_id', 'id');
--> statement-breakpoint
SELECT add_record_history('project_options', 'project:project_id', 'project_id,option_id');
--> statement-breakpoint
SELECT add_record_history('playground_options', 'option:id', 'id');
--> statement-breakpoint
SELECT add_record_history('galleries', 'gallery:id', 'id');
--> statement-breakpoint
SELECT add_record_history('gallery_projects', 'gallery:gallery_id', 'id');
--> statement-breakpoint
SELECT add_record_history('contracts', 'contract:id', 'id');
--> statement-breakpoint
-- Who a contract is sent to, and its timeline (a deleted contract comes back with both).
SELECT add_record_history('contract_recipients', 'contract:contract_id', 'contract_id,contact_id');
--> statement-breakpoint
SELECT add_record_history('contract_events', 'contract:contract_id', 'id');
--> statement-breakpoint
SELECT add_record_history('company_settings', 'settings:id', 'id');
--> statement-breakpoint
-- A visitor opening a link counts it; that is not a change to the link.
SELECT add_record_history('share_links', 'project:project_id,gallery:gallery_id', 'id', 'open_count,last_opened_at');
--> statement-breakpoint
SELECT add_record_history('inquiries', 'inquiry:id', 'id');
