import { Navigate, Outlet } from "react-router";

import { LoadingOverlay } from "@/components/loading-overlay";
import { RedirectNotice } from "@/components/redirect-notice";
import { useAuth } from "@/lib/auth/use-auth";

/**
 * Signed-in routes. `onboarding: "required"` is every app page (onboarded users only);
 * `onboarding: "pending"` is /onboarding itself (users who have not finished it).
 */
export function ProtectedRoute({ onboarding }: { onboarding: "required" | "pending" }) {
  const { isAuthenticated, isLoading, isOnboarded } = useAuth();

  if (isAuthenticated === null || isLoading) return <LoadingOverlay fullScreen />;
  if (!isAuthenticated) return <RedirectNotice to="/login" message="Redirecting to login..." />;
  if (onboarding === "required" && !isOnboarded) {
    return <RedirectNotice to="/onboarding" message="Redirecting to onboarding..." />;
  }
  if (onboarding === "pending" && isOnboarded) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/**
 * /login, /signup and /forgot-password: a signed-in user goes to the dashboard (straight to
 * /onboarding when the dashboard would send them there anyway).
 */
export function PublicOnlyRoute() {
  const { isAuthenticated, isOnboarded } = useAuth();
  if (isAuthenticated === null) return <LoadingOverlay fullScreen />;
  if (isAuthenticated) return <Navigate to={isOnboarded ? "/dashboard" : "/onboarding"} replace />;
  return <Outlet />;
}
