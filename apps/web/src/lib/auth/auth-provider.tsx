import { apiPaths, type Tokens, type UserDetails } from "@recoup/contracts";
import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";

import { api } from "@/lib/api-client";
import { type StoredUser, session } from "@/lib/session";

export interface AuthContextValue {
  /** null while unknown (a stored user whose tokens are being renewed). */
  isAuthenticated: boolean | null;
  isLoading: boolean;
  isOnboarded: boolean;
  user: StoredUser | null;
  setIsOnboarded: (value: boolean) => void;
  /** Stores the tokens and the user from the details call: the user is signed in. */
  signIn: (tokens: Pick<Tokens, "AccessToken" | "IdToken">, details: UserDetails) => void;
  updateUser: (patch: Partial<StoredUser>) => void;
  /** Ends the session on the server (failure ignored) and in the browser. */
  logout: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function toStoredUser(details: UserDetails): StoredUser {
  const { email, name, realmId, companyId, isOnboarded } = details;
  return { email, name, realmId, companyId, isOnboarded };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  // A stored user without an id token (its cookie is gone): try the refresh cookie first.
  const [restoring, setRestoring] = useState(() => Boolean(snapshot.user) && !snapshot.hasToken);

  useEffect(() => {
    if (!restoring) return;
    let active = true;
    api.refresh().then((outcome) => {
      if (outcome === "failed") session.clear();
      if (active) setRestoring(false);
    });
    return () => {
      active = false;
    };
  }, [restoring]);

  const isAuthenticated = restoring ? null : snapshot.hasToken && snapshot.user !== null;

  // Leaving the session (log out, or a refresh that failed) drops every cached answer.
  const wasAuthenticated = useRef(isAuthenticated);
  useEffect(() => {
    if (wasAuthenticated.current === true && isAuthenticated === false) queryClient.clear();
    wasAuthenticated.current = isAuthenticated;
  }, [isAuthenticated, queryClient]);

  const signIn = useCallback<AuthContextValue["signIn"]>((tokens, details) => {
    session.setTokens({ accessToken: tokens.AccessToken, idToken: tokens.IdToken });
    session.setUser(toStoredUser(details));
    session.setIsOnboarded(details.isOnboarded);
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.post(apiPaths.auth.logout, undefined, { refreshOnUnauthorized: false });
    } catch {
      // The session ends in this browser whatever the server answered.
    }
    session.clear();
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      isAuthenticated,
      isLoading: restoring,
      isOnboarded: snapshot.isOnboarded,
      user: snapshot.user,
      setIsOnboarded: session.setIsOnboarded,
      signIn,
      updateUser: session.updateUser,
      logout,
    }),
    [isAuthenticated, restoring, snapshot, signIn, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
