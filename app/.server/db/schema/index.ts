export * from "./auth";
export * from "./clients";
export * from "./projects";
export * from "./galleries";
export * from "./contracts";
export * from "./uploads";
export * from "./settings";
export * from "./sales";
