export * from "./auth";
export * from "./content";
export * from "./content-lists";
export * from "./outreach";
