export * from "./auth";
export * from "./content";
export * from "./outreach";
export * from "./menus";
