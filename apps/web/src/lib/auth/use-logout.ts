import { useCallback } from "react";
import { useNavigate } from "react-router";

import { useAuth } from "@/lib/auth/use-auth";

/** Log out from the user menu: server call, cookies, localStorage and cache cleared, then /login. */
export function useLogout() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    navigate("/login", { replace: true });
  }, [logout, navigate]);
}
