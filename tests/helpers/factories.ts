// The shared factories (tests/factories.ts) bound to the test file's database.
import { db } from "~/.server/db";
import { factories } from "../factories";

const make = () => factories(db());

export const makeIndustryType = (...args: Parameters<ReturnType<typeof factories>["industryType"]>) =>
  make().industryType(...args);
export const makeClient = (...args: Parameters<ReturnType<typeof factories>["client"]>) => make().client(...args);
export const makeContact = (...args: Parameters<ReturnType<typeof factories>["contact"]>) => make().contact(...args);
export const makeProject = (...args: Parameters<ReturnType<typeof factories>["project"]>) => make().project(...args);
export const makeOption = (...args: Parameters<ReturnType<typeof factories>["option"]>) => make().option(...args);
export const makeImage = (...args: Parameters<ReturnType<typeof factories>["image"]>) => make().image(...args);
export const makeGallery = (...args: Parameters<ReturnType<typeof factories>["gallery"]>) => make().gallery(...args);
export const makeInquiry = (...args: Parameters<ReturnType<typeof factories>["inquiry"]>) => make().inquiry(...args);
export const makeContract = (...args: Parameters<ReturnType<typeof factories>["contract"]>) => make().contract(...args);
