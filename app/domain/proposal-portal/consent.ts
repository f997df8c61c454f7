// What a buyer agrees to before accepting a proposal in the portal, shown word
// for word beside the checkbox; the SHA-256 of these exact words is recorded
// with the acceptance, as a contract's signing consent is (a new wording is a
// new hash, so old records keep their meaning).
export const ACCEPTANCE_CONSENT =
  "I accept this proposal electronically, at the total shown with the options I ticked. I have read the proposal shown above. My typed name (and my drawn signature, if I add one) is my signature, with the same effect as signing on paper. I can download a copy of the accepted proposal and its completion certificate at any time from this portal.";

export const ACCEPTANCE_MESSAGES = {
  consent: "Agree to accept electronically to continue",
  changes: "Tell us what you would like changed (at least 3 characters)",
  reason: "Tell us why you decline (at least 3 characters)",
  totalChanged:
    "The total you saw is not this proposal's total with the options you ticked. Reload the page and check it before accepting.",
  unknownOption: "One of the options you ticked is not part of this proposal. Reload the page and choose again.",
  seen: "This page is out of date. Reload it and answer again.",
} as const;
