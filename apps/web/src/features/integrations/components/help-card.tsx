import { BellRingIcon, HandCoinsIcon, LifeBuoyIcon, RefreshCcwIcon, ShieldCheckIcon } from "lucide-react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { IconListItem } from "@/features/integrations/components/icon-list-item";

const BENEFITS = [
  {
    icon: BellRingIcon,
    title: "Reminders from real invoices",
    text: "Due dates, balances and customer emails come straight from QuickBooks.",
  },
  {
    icon: HandCoinsIcon,
    title: "Payments stop reminders",
    text: "A payment recorded in QuickBooks marks the invoice paid, so nobody is chased twice.",
  },
  {
    icon: RefreshCcwIcon,
    title: "Always up to date",
    text: "Changes arrive on their own; Refresh Data pulls them in right away.",
  },
  {
    icon: ShieldCheckIcon,
    title: "Your data stays yours",
    text: "Recoup only reads your books. Disconnect at any time to revoke its access.",
  },
] as const;

/** The spec's 'Need Help?' card: why connect, in a few lines. */
export function HelpCard() {
  return (
    <Card aria-labelledby="qbo-help-title">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LifeBuoyIcon className="text-muted-foreground size-4" aria-hidden="true" />
          <h2 id="qbo-help-title">Need Help?</h2>
        </CardTitle>
        <CardDescription>What connecting QuickBooks does for your collections.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <IconListItem
              key={title}
              title={title}
              detailClassName="leading-relaxed"
              icon={
                <span className="bg-muted flex size-8 shrink-0 items-center justify-center rounded-md">
                  <Icon className="text-muted-foreground size-4" aria-hidden="true" />
                </span>
              }
            >
              {text}
            </IconListItem>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
