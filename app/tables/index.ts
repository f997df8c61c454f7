// The data model: every table, as drizzle-kit, the database handle and the
// forms' schemas read it.
export * from "./auth";
export * from "./clients";
export * from "./projects";
export * from "./galleries";
export * from "./contracts";
export * from "./uploads";
export * from "./settings";
export * from "./audit";
export * from "./sales";
export * from "./history";
export * from "./views";
export * from "./notifications";
