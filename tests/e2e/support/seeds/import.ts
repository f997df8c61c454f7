import type { Seed } from "../server";

/** import.spec: the client the file's first row names, so only Birch Ltd is new. */
export const seedImport: Seed = async ({ make }) => {
  await make.client({ name: "Pine Club" });
};
