-- The triggers the tables' declarations ask for (app/tables/declare.ts), written by npm run db:generate.
DROP TRIGGER "client_contacts_changes" ON "client_contacts";
--> statement-breakpoint
DROP TRIGGER "client_contacts_changes_truncate" ON "client_contacts";
--> statement-breakpoint
DROP TRIGGER "company_settings_changes" ON "company_settings";
--> statement-breakpoint
DROP TRIGGER "company_settings_changes_truncate" ON "company_settings";
--> statement-breakpoint
DROP TRIGGER "gallery_projects_changes" ON "gallery_projects";
--> statement-breakpoint
DROP TRIGGER "gallery_projects_changes_truncate" ON "gallery_projects";
--> statement-breakpoint
DROP TRIGGER "project_images_changes" ON "project_images";
--> statement-breakpoint
DROP TRIGGER "project_images_changes_truncate" ON "project_images";
--> statement-breakpoint
DROP TRIGGER "project_options_changes" ON "project_options";
--> statement-breakpoint
DROP TRIGGER "project_options_changes_truncate" ON "project_options";
--> statement-breakpoint
DROP TRIGGER "project_videos_changes" ON "project_videos";
--> statement-breakpoint
DROP TRIGGER "project_videos_changes_truncate" ON "project_videos";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "client_contacts_changes" AFTER INSERT OR UPDATE OR DELETE ON "client_contacts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('client', 'client_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "client_contacts_changes_truncate" AFTER TRUNCATE ON "client_contacts" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('client', 'client_id', 'private');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_settings_changes" AFTER INSERT OR UPDATE OR DELETE ON "company_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('settings', 'id', 'public');
--> statement-breakpoint
CREATE TRIGGER "company_settings_changes_truncate" AFTER TRUNCATE ON "company_settings" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('settings', 'id', 'public');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contract_recipients_changes" AFTER INSERT OR UPDATE OR DELETE ON "contract_recipients" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('contract', 'contract_id', 'private');
--> statement-breakpoint
CREATE TRIGGER "contract_recipients_changes_truncate" AFTER TRUNCATE ON "contract_recipients" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('contract', 'contract_id', 'private');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "gallery_projects_changes" AFTER INSERT OR UPDATE OR DELETE ON "gallery_projects" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('gallery', 'gallery_id', 'public');
--> statement-breakpoint
CREATE TRIGGER "gallery_projects_changes_truncate" AFTER TRUNCATE ON "gallery_projects" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('gallery', 'gallery_id', 'public');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "project_images_changes" AFTER INSERT OR UPDATE OR DELETE ON "project_images" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('project', 'project_id', 'public');
--> statement-breakpoint
CREATE TRIGGER "project_images_changes_truncate" AFTER TRUNCATE ON "project_images" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('project', 'project_id', 'public');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "project_options_changes" AFTER INSERT OR UPDATE OR DELETE ON "project_options" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('project', 'project_id', 'public');
--> statement-breakpoint
CREATE TRIGGER "project_options_changes_truncate" AFTER TRUNCATE ON "project_options" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('project', 'project_id', 'public');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "project_videos_changes" AFTER INSERT OR UPDATE OR DELETE ON "project_videos" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('project', 'project_id', 'public');
--> statement-breakpoint
CREATE TRIGGER "project_videos_changes_truncate" AFTER TRUNCATE ON "project_videos" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('project', 'project_id', 'public');
--> statement-breakpoint
CREATE TRIGGER "security_settings_set_updated_at" BEFORE UPDATE ON "security_settings" FOR EACH ROW EXECUTE FUNCTION set_updated_at();
