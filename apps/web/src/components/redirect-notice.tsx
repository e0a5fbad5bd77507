import { Navigate } from "react-router";

/** The guard's display while it redirects ('Redirecting to login...'), then the redirect. */
export function RedirectNotice({ to, message }: { to: string; message: string }) {
  return (
    <div className="flex min-h-svh items-center justify-center p-6">
      <p role="status" className="text-muted-foreground text-sm">
        {message}
      </p>
      <Navigate to={to} replace />
    </div>
  );
}
