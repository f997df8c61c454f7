-- What a portal session proved (issue 38): the address its code was mailed to, and when. The portal
-- takes a client's session only with them, and only while that address is still the account's.
ALTER TABLE "session" ADD COLUMN "code_email" text;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "code_mailed_at" timestamp (3) with time zone;--> statement-breakpoint
-- A contact with portal access keeps an address, whatever writes it (an import or a revert could blank
-- it): the ones that lost it get their account's back first.
UPDATE "contacts" c SET "email" = u."email" FROM "user" u
  WHERE c."user_id" = u."id" AND btrim(coalesce(c."email", '')) = '';--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_portal_address_check" CHECK ("contacts"."user_id" is null or btrim(coalesce("contacts"."email", '')) <> '');--> statement-breakpoint
-- A contact's portal account follows the contact's address and name whatever writes the contact (its
-- form, an import, the history's revert and restore, a hand edit), and when the account's address or
-- name changes its sessions end at once: the person they proved is no longer this contact. In the
-- database rather than in each of those paths, so that no path can miss it.
CREATE FUNCTION portal_account_follows_contact() RETURNS trigger AS $$
DECLARE
  address text := lower(btrim(NEW.email));
BEGIN
  UPDATE "user" SET email = address, name = NEW.name, email_verified = email_verified AND email = address
    WHERE id = NEW.user_id AND role = 'client' AND (email <> address OR name <> NEW.name);
  IF FOUND THEN
    DELETE FROM "session" WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER contacts_portal_account_follows AFTER INSERT OR UPDATE OF name, email ON "contacts"
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION portal_account_follows_contact();--> statement-breakpoint
-- Accounts that drifted from their contact before this trigger (an import or a revert wrote the contact
-- alone) follow it now, unless another account holds that address.
UPDATE "user" u SET "email" = lower(btrim(c."email")), "name" = c."name",
    "email_verified" = u."email_verified" AND u."email" = lower(btrim(c."email"))
  FROM "contacts" c
  WHERE c."user_id" = u."id" AND u."role" = 'client'
    AND (u."email" <> lower(btrim(c."email")) OR u."name" <> c."name")
    AND NOT EXISTS (SELECT 1 FROM "user" o WHERE o."email" = lower(btrim(c."email")) AND o."id" <> u."id");--> statement-breakpoint
-- Portal sessions made before they recorded their code prove nobody in particular: they end. So do
-- codes made by the old sign-in (one per address in better-auth's own rows): their holders ask again.
DELETE FROM "session" WHERE "user_id" IN (SELECT "id" FROM "user" WHERE "role" = 'client');--> statement-breakpoint
DELETE FROM "verification" WHERE "identifier" LIKE 'sign-in-otp-%';
--> statement-breakpoint
-- A portal account has no password (forgot password could give it one): any it got goes.
DELETE FROM "account" WHERE "provider_id" = 'credential'
  AND "user_id" IN (SELECT "id" FROM "user" WHERE "role" = 'client');
