import { type ReactNode, Suspense, useEffect, useState } from "react";
import { Outlet } from "react-router";

import { AppSidebar } from "@/app/shell/app-sidebar";
import { SiteHeader } from "@/app/shell/site-header";
import { LoadingOverlay } from "@/components/loading-overlay";
import { readSidebarCookie, SidebarInset, SidebarProvider } from "@/components/ui/sidebar";
import { TrialEndedModal } from "@/features/subscription/components/trial-ended-modal";
import { useAuth } from "@/lib/auth/use-auth";
import { useUserDetails } from "@/lib/auth/use-user-details";

/** Keeps the user cookie in step with the server's answer (name, company, realm, onboarding). */
function useSyncStoredUser() {
  const { data } = useUserDetails();
  const { updateUser } = useAuth();
  useEffect(() => {
    if (!data) return;
    const { email, name, realmId, companyId } = data;
    updateUser({ email, name, realmId, companyId });
  }, [data, updateUser]);
}

/** The signed-in layout: sidebar, header, and the page (or `children`, for Page Not Found). */
export function AppShell({ children }: { children?: ReactNode }) {
  const [defaultOpen] = useState(readSidebarCookie);
  useSyncStoredUser();
  return (
    <SidebarProvider defaultOpen={defaultOpen}>
      <AppSidebar />
      <SidebarInset>
        <SiteHeader />
        <main className="relative flex flex-1 flex-col">
          <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 p-4 md:p-6 lg:p-8">
            <Suspense fallback={<LoadingOverlay />}>{children ?? <Outlet />}</Suspense>
          </div>
        </main>
      </SidebarInset>
      <TrialEndedModal />
    </SidebarProvider>
  );
}
