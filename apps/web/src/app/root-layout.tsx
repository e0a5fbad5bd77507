import { Suspense } from "react";
import { Outlet } from "react-router";

import { useDocumentTitle } from "@/app/route-title";
import { LoadingOverlay } from "@/components/loading-overlay";

export function RootLayout() {
  useDocumentTitle();
  return (
    <Suspense fallback={<LoadingOverlay fullScreen />}>
      <Outlet />
    </Suspense>
  );
}
