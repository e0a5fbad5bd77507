import type { ReactNode } from "react";

import { BrandMark } from "@/components/brand";

/**
 * The customer page's outline: a narrow column on phones, wider on desktops, the footer, and
 * `noindex` while the page shows (React 19 hoists the meta tag into <head> and removes it after).
 */
export function CustomerPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="bg-muted/40 flex min-h-svh flex-col">
      <meta name="robots" content="noindex" />
      <div className="mx-auto flex w-full max-w-5xl flex-1 xl:max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
        {children}
      </div>
      <footer className="text-muted-foreground flex items-center justify-center gap-2 px-4 pb-8 text-xs">
        <BrandMark className="size-5 rounded text-[0.625rem]" />
        Sent with Recoup
      </footer>
    </div>
  );
}
