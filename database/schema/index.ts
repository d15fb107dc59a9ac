export * from "./auth";
export * from "./content";
export * from "./events";
export * from "./outreach";
