// Share links in the browser and on the server: what a link points at, the
// form that makes one (an optional last day and label) and how a link stands.
import { z } from "zod";
import { optionalText } from "~/lib/form-values";

export type ShareTarget = { projectId: string } | { galleryId: string };

export const SHARE_LINK_MESSAGES = {
  pastExpiry: "The expiry date cannot be in the past",
  invalidDate: "Enter a valid date",
  expired: "This link has expired",
  revoked: "This link has been revoked",
} as const;

const uuid = z.uuid({ message: "Unknown project or gallery" });

export const shareLinkFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    projectId: uuid.optional(),
    galleryId: uuid.optional(),
    /** The last day the link works (YYYY-MM-DD); empty: until revoked. */
    expiresOn: z.iso.date({ message: SHARE_LINK_MESSAGES.invalidDate }).optional(),
    /** Who it is for ("for Northtown Parks"), shown in the list of links. */
    label: optionalText(100),
  }),
  z.object({ intent: z.literal("revoke"), id: z.uuid({ message: "Unknown link" }) }),
]);

/** The dialog's query: one project or one gallery (other parameters are ignored). */
export const shareTargetQuerySchema = z.union([
  z.object({ projectId: z.uuid() }).transform(({ projectId }) => ({ projectId })),
  z.object({ galleryId: z.uuid() }).transform(({ galleryId }) => ({ galleryId })),
]);

export type ShareLinkState = "active" | "expired" | "revoked";
