export { notesRoutes } from "./notes.routes.ts";
