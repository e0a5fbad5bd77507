export { draftsRoutes } from "./drafts.routes.ts";
