// Every list's CSV export (<list>/export) through its route loader: a search the
// database refuses (a NUL) is answered 400 with the app's message, as the list
// itself answers it, instead of a 200 whose body then breaks off (the
// connection dropped with no answer). The download itself: clients/export.test.ts.
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { settle } from "#tests/helpers/loader";
import { createUser, request, type TestUser } from "#tests/helpers/users";
import { toRouteFailure, UNSTORABLE_TEXT_MESSAGE } from "~/.server/http/route-errors";
import * as clients from "~/routes/admin/clients/export";
import * as contacts from "~/routes/admin/contacts/export";
import * as contracts from "~/routes/admin/contracts/export";
import * as inquiries from "~/routes/admin/inquiries/export";
import * as projects from "~/routes/admin/projects/export";
import * as proposals from "~/routes/admin/proposals/export";
import * as proposalLines from "~/routes/admin/proposals/lines-export";

withTestDatabase();

const EXPORTS = { clients, contacts, contracts, inquiries, projects, proposals, "proposals/lines": proposalLines };

/** The loader's answer as the app gives it: its failures through route-errors.ts, as server.ts wraps every loader. */
async function get(module: { loader: (args: never) => unknown }, path: string, user: TestUser) {
  const args = { request: request(path, { user }), params: {}, context: new RouterContextProvider() };
  return settle(async () => {
    try {
      return await module.loader(args as never);
    } catch (error) {
      throw toRouteFailure(error, args);
    }
  });
}

describe("<list>/export", () => {
  test.each(Object.entries(EXPORTS))(
    "%s: a search holding a NUL is a 400 with the message, not a broken download",
    async (name, module) => {
      const staff = await createUser({ role: "staff" });
      const answer = await get(module, `/admin/${name}/export?q=a%00b`, staff);
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({ message: UNSTORABLE_TEXT_MESSAGE });
    },
  );
});
