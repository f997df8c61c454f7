-- The content version: one number that changes whenever a committed write may
-- change a public page. The render cache keys pages by it, and every app
-- instance learns a new value from the NOTIFY sent on the same commit.
--
-- Triggers, not application code, bump it: whatever code writes these tables
-- (today's domain functions, tomorrow's refactors, scripts, a psql session),
-- the version moves with the commit.
--
-- The row triggers are deferred constraint triggers: they run at COMMIT, once
-- per transaction (a transaction-local flag skips the rest), so the version
-- row is locked only for the moment of the commit. A plain statement trigger
-- would lock it from the first write to the end of the transaction, making
-- every concurrent save wait and letting two saves that touch the same rows in
-- a different order deadlock. Not part of the Drizzle schema: it is derived
-- state, never backed up or restored (a restore's inserts bump it anyway).
CREATE TABLE "content_version" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 1
);
--> statement-breakpoint
INSERT INTO "content_version" DEFAULT VALUES;
--> statement-breakpoint
CREATE FUNCTION bump_content_version() RETURNS trigger AS $$
DECLARE next_version bigint;
BEGIN
  IF current_setting('playfolio.content_version_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE content_version SET version = version + 1 WHERE id = 1 RETURNING version INTO next_version;
    -- Delivered to every listening session when (and only if) this transaction commits.
    PERFORM pg_notify('playfolio_content_version', next_version::text);
    PERFORM set_config('playfolio.content_version_bumped', 'on', true);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every table a public page (library, project pages, galleries, /projects,
-- sitemap, header and footer) reads.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['projects', 'project_images', 'project_videos', 'project_options', 'playground_options',
    'clients', 'galleries', 'gallery_projects', 'company_settings', 'industry_types']
  LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version()',
      t || '_content_version', t);
    -- TRUNCATE fires no row trigger (and constraint triggers are row triggers only).
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()',
      t || '_content_version_truncate', t);
  END LOOP;
END $$;
