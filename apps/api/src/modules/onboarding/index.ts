export { onboardingRoutes } from "./onboarding.routes.ts";
