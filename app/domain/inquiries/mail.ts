// The mail staff get for a new inquiry: who, what, from which page, and the
// link to follow it up.
import type { InquirySource } from "./inquiries.server";
import type { InquiryFormValues } from "./schema";

export function inquiryMail(input: { id: string; values: InquiryFormValues; source: InquirySource; origin: string }) {
  const { values, source } = input;
  const from = `${source.kind === "project" ? "Project" : "Gallery"}: ${source.title}`;
  return {
    subject: `New inquiry from ${values.name} (${values.organisation})`,
    replyTo: values.email,
    text: [
      `${values.name} asked for a playground like this.`,
      "",
      `Name: ${values.name}`,
      `Email: ${values.email}`,
      `Organisation: ${values.organisation}`,
      `Phone: ${values.phone ?? "—"}`,
      from,
      "",
      values.message,
      "",
      `Follow it up: ${input.origin}/admin/inquiries/${input.id}`,
    ].join("\n"),
  };
}
