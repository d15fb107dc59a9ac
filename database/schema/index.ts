export * from "./auth";
export * from "./campaigns";
export * from "./content";
export * from "./documents";
export * from "./events";
export * from "./outreach";
