export * from "./auth";
export * from "./content";
export * from "./menus";
export * from "./outreach";
