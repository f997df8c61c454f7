// POST /admin/inquiries/:id: a note, the follow-up and Won → client through
// the route (who may, what it answers), on a real database.
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeInquiry } from "#tests/helpers/factories";
import { createUser, formRequest, type TestUser } from "#tests/helpers/users";
import type { ActionResult } from "~/lib/action-result";
import { inRequestScope } from "~/.server/db/history-scope";
import { recordHistoryEntries } from "~/domain/history/history.server";
import { getInquiry } from "~/domain/inquiries/inquiries.server";
import { inquiryTimeline } from "~/domain/inquiries/pipeline.server";
import { inquiryAction } from "./detail.server";

withTestDatabase();

/** What the action answered: a redirect (Response), or data with its status. */
type Answer = Response & { init?: ResponseInit | null; data: ActionResult };

const post = async (id: string, fields: Record<string, string>, user: TestUser) =>
  (await inRequestScope(() => inquiryAction(formRequest(`/admin/inquiries/${id}`, fields, user), id))) as Answer;

describe("the inquiry's action", () => {
  test("staff add a note as themselves; lost without a reason is a 400 on the reason; won makes the client", async () => {
    await createUser(); // the administrator
    const staff = await createUser({ role: "staff", name: "Sam Staff" });
    const inquiry = await makeInquiry({ organisation: "Bayview School" });

    const noted = await post(inquiry.id, { intent: "note", note: "Phoned, no answer" }, staff);
    expect(noted.init?.status ?? 200).toBe(200);
    expect(await inquiryTimeline(inquiry.id)).toEqual([
      expect.objectContaining({ type: "note", body: "Phoned, no answer", authorName: "Sam Staff" }),
    ]);

    // The inquiry's History panel reads its timeline's rows too.
    expect((await recordHistoryEntries("inquiry", inquiry.id))[0]).toMatchObject({ actor: "Sam Staff" });

    const { version } = (await getInquiry(inquiry.id))!;
    const lost = await post(inquiry.id, { intent: "follow-up", status: "lost", lostReason: "", version }, staff);
    expect(lost.init?.status).toBe(400);
    expect(lost.data.result?.error).toEqual({ lostReason: ["Say why it was lost"] });
    expect((await getInquiry(inquiry.id))!.status).toBe("new");

    // An owner reads as the account's name in the History panel; a save that wrote the timeline is never reverted.
    const saved = await post(
      inquiry.id,
      { intent: "follow-up", status: "contacted", ownerId: staff.id, version: (await getInquiry(inquiry.id))!.version },
      staff,
    );
    expect(saved.init?.status ?? 200).toBe(200);
    const [followUp] = await recordHistoryEntries("inquiry", inquiry.id);
    expect(followUp!.changes).toContainEqual({ field: "Owner", before: "—", after: "Sam Staff" });
    expect(followUp).toMatchObject({ can: null, why: "An inquiry's notes and stage changes are kept." });

    const won = await post(inquiry.id, { intent: "won-client" }, staff);
    expect(won).toBeInstanceOf(Response);
    const location = won.headers.get("Location");
    expect(location).toMatch(/^\/admin\/clients\/[0-9a-f-]{36}\/edit$/);
    expect((await getInquiry(inquiry.id))!.clientId).toBe(location!.split("/")[3]);
    const again = await post(inquiry.id, { intent: "won-client" }, staff);
    expect(again.init?.status).toBe(409);
    expect(again.data.message).toBe("This inquiry is a client already.");
  });

  test("a client's portal account cannot post to it", async () => {
    await createUser();
    const portal = await createUser({ role: "client" });
    const inquiry = await makeInquiry();
    await expect(post(inquiry.id, { intent: "note", note: "Hello" }, portal)).rejects.toSatisfy(
      (answer: unknown) => answer instanceof Response && answer.status === 302,
    );
    expect(await inquiryTimeline(inquiry.id)).toEqual([]);
  });
});
