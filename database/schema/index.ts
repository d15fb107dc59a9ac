export * from "./auth";
export * from "./campaigns";
export * from "./content";
export * from "./content-lists";
export * from "./documents";
export * from "./events";
export * from "./outreach";
export * from "./pages";
