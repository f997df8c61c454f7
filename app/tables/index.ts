// The data model: every table, as drizzle-kit, the database handle and the
// forms' schemas read it.
import { user } from "./auth";
import { clients } from "./clients";
import { projects } from "./projects";

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

/** Rows in any of these mean a database is in use: a restore refuses to write into it (two companies' data would mix). */
export const IN_USE_TABLES = [user, clients, projects];
