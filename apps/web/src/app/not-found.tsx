import { FileQuestionIcon } from "lucide-react";
import { useNavigate } from "react-router";

import { AppShell } from "@/app/shell/app-shell";
import { Brand } from "@/components/brand";
import { LoadingOverlay } from "@/components/loading-overlay";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/use-auth";

function NotFoundContent({ loggedIn }: { loggedIn: boolean }) {
  const navigate = useNavigate();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 py-12 text-center">
      <div className="bg-muted flex size-14 items-center justify-center rounded-full">
        <FileQuestionIcon className="text-muted-foreground size-7" aria-hidden="true" />
      </div>
      <p className="text-muted-foreground text-sm font-medium">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">Page Not Found</h1>
      {loggedIn ? (
        <div className="text-muted-foreground grid max-w-md gap-1 text-sm">
          <p>The page you're looking for doesn't exist or has been moved.</p>
          <p>Check the URL or try navigating back to the dashboard.</p>
        </div>
      ) : (
        <p className="text-muted-foreground max-w-md text-sm">Please log in to access the application.</p>
      )}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Button onClick={() => navigate(loggedIn ? "/dashboard" : "/login")}>
          {loggedIn ? "Go to Dashboard" : "Go to Login"}
        </Button>
        <Button variant="outline" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </div>
    </div>
  );
}

/** Any unknown path: inside the shell when logged in, on its own otherwise. */
export function NotFoundPage() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated === null) return <LoadingOverlay fullScreen />;
  if (isAuthenticated) {
    return (
      <AppShell>
        <NotFoundContent loggedIn />
      </AppShell>
    );
  }
  return (
    <div className="bg-muted/40 flex min-h-svh flex-col">
      <header className="flex h-16 items-center px-6">
        <Brand />
      </header>
      <main className="flex flex-1 flex-col px-6 pb-16">
        <NotFoundContent loggedIn={false} />
      </main>
    </div>
  );
}
