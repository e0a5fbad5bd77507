import { TriangleAlertIcon } from "lucide-react";
import { useRouteError } from "react-router";

import { Button } from "@/components/ui/button";

/** When a page fails to render or to load (after the one automatic reload). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="bg-destructive/10 flex size-12 items-center justify-center rounded-full">
        <TriangleAlertIcon className="text-destructive size-6" aria-hidden="true" />
      </div>
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="text-muted-foreground max-w-sm text-sm">
        This page could not be loaded. Reload the page to get the latest version of Recoup.
      </p>
      <Button onClick={() => window.location.reload()}>Reload page</Button>
    </div>
  );
}
