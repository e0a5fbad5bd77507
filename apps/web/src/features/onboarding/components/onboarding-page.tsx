import { LogOutIcon } from "lucide-react";

import { Brand } from "@/components/brand";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { OnboardingForm } from "@/features/onboarding/components/onboarding-form";
import { useAuth } from "@/lib/auth/use-auth";
import { useLogout } from "@/lib/auth/use-logout";

export function OnboardingPage() {
  const { user } = useAuth();
  const logout = useLogout();
  return (
    <div className="bg-muted/40 flex min-h-svh flex-col">
      <header className="flex h-16 items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        <Button variant="ghost" size="sm" onClick={() => void logout()}>
          <LogOutIcon />
          Log out
        </Button>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center sm:px-6">
        <Card className="w-full max-w-xl">
          <CardHeader>
            <p className="text-muted-foreground text-xs font-medium tracking-wide uppercase">Almost there</p>
            <CardTitle className="text-2xl tracking-tight">
              <h1>Tell us about your company</h1>
            </CardTitle>
            <CardDescription>
              Recoup uses this to set up your workspace and to send reminders at the right local time.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <OnboardingForm email={user?.email ?? ""} />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
