import { profileMessages } from "@recoup/contracts";
import { Loader2Icon, TriangleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";

import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useProfile } from "@/features/account/api/get-profile";
import { AccountForm } from "@/features/account/components/account-form";
import { useAuth } from "@/lib/auth/use-auth";

function StateMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
      {children}
    </div>
  );
}

export function AccountPage() {
  const { user } = useAuth();
  const identity = user?.email && user.companyId ? { email: user.email, companyId: user.companyId } : null;
  const profile = useProfile(identity?.companyId, identity?.email);

  let body: ReactNode;
  if (!user) {
    body = (
      <StateMessage>
        <p className="text-muted-foreground text-sm">{profileMessages.notLoggedIn}</p>
      </StateMessage>
    );
  } else if (!identity) {
    body = (
      <StateMessage>
        <p className="text-muted-foreground text-sm">{profileMessages.noUser}</p>
      </StateMessage>
    );
  } else if (profile.isPending) {
    body = (
      <StateMessage>
        <p role="status" className="text-muted-foreground flex items-center gap-3 text-sm">
          <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
          {profileMessages.loading}
        </p>
      </StateMessage>
    );
  } else if (profile.isError) {
    body = (
      <StateMessage>
        <TriangleAlertIcon className="text-destructive size-6" aria-hidden="true" />
        <p role="alert" className="text-sm font-medium">
          {profileMessages.loadFailed}
        </p>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Try Again
        </Button>
      </StateMessage>
    );
  } else {
    body = <AccountForm profile={profile.data} identity={identity} />;
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Account Settings"
        description="Your profile, your company's images and the signature used in reminder emails."
      />
      {body}
    </div>
  );
}
