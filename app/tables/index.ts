// The data model: every table, as drizzle-kit, the database handle and the
// forms' schemas read it. Generated from the folder by `npm run db:generate`
// (scripts/db-generate.ts): add a table file, not a line here.
export * from "./audit";
export * from "./auth";
export * from "./clients";
export * from "./contracts";
export * from "./galleries";
export * from "./history";
export * from "./imports";
export * from "./notifications";
export * from "./projects";
export * from "./proposals";
export * from "./sales";
export * from "./settings";
export * from "./uploads";
export * from "./views";
