-- updated_at is the optimistic-concurrency token of every edit form, so the
-- database bumps it on every update, whoever writes the row.
CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger AS $$
BEGIN
  NEW.updated_at := date_trunc('milliseconds', clock_timestamp());
  -- Two updates inside one millisecond must still change the token.
  IF NEW.updated_at <= OLD.updated_at THEN
    NEW.updated_at := OLD.updated_at + interval '1 millisecond';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['user', 'session', 'account', 'verification', 'industry_types', 'clients',
    'contacts', 'projects', 'project_images', 'project_videos', 'playground_options', 'galleries', 'contracts']
  LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
      t || '_set_updated_at', t);
  END LOOP;
END $$;
