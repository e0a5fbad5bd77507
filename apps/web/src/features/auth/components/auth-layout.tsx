import { BellRingIcon, ChartColumnIcon, RefreshCwIcon } from "lucide-react";
import type { ReactNode } from "react";

import { Brand } from "@/components/brand";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const highlights = [
  { icon: RefreshCwIcon, text: "Customers and invoices synced from QuickBooks Online" },
  { icon: BellRingIcon, text: "Polite reminder emails before, on and after the due date" },
  { icon: ChartColumnIcon, text: "Who owes what, at a glance, with an aging report" },
];

/** The auth screens' frame: the form card, and on wide screens a short word on the product. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid min-h-svh lg:grid-cols-2">
      <div className="flex flex-col gap-6 p-6 md:p-10">
        <Brand />
        <main className="flex flex-1 items-start justify-center sm:items-center">
          <Card className="w-full max-w-md gap-6 border-0 bg-transparent py-2 shadow-none sm:border sm:bg-card sm:py-6 sm:shadow-sm">
            <CardHeader className="px-0 sm:px-6">
              <CardTitle className="text-2xl tracking-tight">
                <h1>{title}</h1>
              </CardTitle>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            <CardContent className="px-0 sm:px-6">{children}</CardContent>
          </Card>
        </main>
      </div>
      <aside className="bg-muted relative hidden flex-col justify-center gap-8 overflow-hidden p-12 lg:flex">
        <div className="bg-primary/5 absolute -top-24 -right-24 size-96 rounded-full" aria-hidden="true" />
        <div className="bg-primary/5 absolute -bottom-32 -left-16 size-80 rounded-full" aria-hidden="true" />
        <div className="relative grid max-w-md gap-3">
          <h2 className="text-3xl font-semibold tracking-tight">
            Get paid on time, without the awkward chasing.
          </h2>
          <p className="text-muted-foreground">
            Recoup is an open-source collections app for small businesses.
          </p>
        </div>
        <ul className="relative grid max-w-md gap-4">
          {highlights.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-sm">
              <span className="bg-background flex size-8 shrink-0 items-center justify-center rounded-lg border shadow-xs">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="pt-1.5">{text}</span>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
