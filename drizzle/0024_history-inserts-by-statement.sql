-- Inserts are recorded once per statement, not once per row (decision 0089).
-- An import's statements insert 500 rows each: a PL/pgSQL call and a separate
-- insert into record_history for every row was most of the time the import's
-- one transaction held the embedded database, and so of other staff's wait.
-- Now each table has two history triggers: the row trigger of 0015 for updates
-- and deletes (an update records only the columns that changed, which needs
-- the row before and after), and a statement trigger for inserts that writes
-- the history of every inserted row with one insert … select from the
-- statement's transition table. The rows written are the same as before: who
-- (the transaction's settings), the owner (the first "kind:column" whose column
-- is not null), the row's key and the row as inserted.
CREATE FUNCTION record_history_inserts() RETURNS trigger AS $$
BEGIN
  IF current_setting('playfolio.history', true) = 'off' THEN
    RETURN NULL;
  END IF;
  INSERT INTO record_history (tx_id, actor_id, actor_name, batch_id, kind, record_id, table_name, row_id,
    operation, before, after)
  SELECT
    txid_current(),
    nullif(current_setting('playfolio.actor_id', true), '')::uuid,
    coalesce(nullif(current_setting('playfolio.actor_name', true), ''), 'System'),
    nullif(current_setting('playfolio.batch_id', true), '')::uuid,
    owner.kind,
    owner.id,
    TG_TABLE_NAME,
    (SELECT string_agg(r.row_data ->> k, '/') FROM unnest(string_to_array(TG_ARGV[1], ',')) AS k),
    'insert',
    NULL,
    r.row_data
  FROM (SELECT to_jsonb(n) AS row_data FROM inserted_rows AS n) AS r
  LEFT JOIN LATERAL (
    SELECT split_part(o.owner, ':', 1) AS kind, r.row_data ->> split_part(o.owner, ':', 2) AS id
    FROM unnest(string_to_array(TG_ARGV[0], ',')) WITH ORDINALITY AS o(owner, position)
    WHERE r.row_data ->> split_part(o.owner, ':', 2) IS NOT NULL
    ORDER BY o.position
    LIMIT 1
  ) AS owner ON true;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A table put on the history from now on gets both triggers.
CREATE OR REPLACE FUNCTION add_record_history(table_name text, owners text, key_columns text, ignored text DEFAULT '')
RETURNS void AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OR DELETE ON %I '
    'FOR EACH ROW EXECUTE FUNCTION record_history(%L, %L, %L)',
    table_name || '_history', table_name, owners, key_columns, ignored);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION record_history_inserts(%L, %L)',
    table_name || '_history_inserts', table_name, owners, key_columns);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every table on the history today, with the arguments its trigger was given.
DO $$
DECLARE
  t record;
  args text[];
BEGIN
  FOR t IN
    SELECT c.relname, tg.tgname, tg.tgargs
    FROM pg_trigger tg
    JOIN pg_class c ON c.oid = tg.tgrelid
    JOIN pg_namespace ns ON ns.oid = c.relnamespace
    WHERE tg.tgfoid = 'record_history'::regproc AND ns.nspname = current_schema()
  LOOP
    -- tgargs holds each argument followed by a zero byte.
    args := string_to_array(encode(t.tgargs, 'escape'), '\000');
    EXECUTE format('DROP TRIGGER %I ON %I', t.tgname, t.relname);
    PERFORM add_record_history(t.relname, args[1], args[2], coalesce(args[3], ''));
  END LOOP;
END $$;
