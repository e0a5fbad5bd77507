import { useEffect } from "react";
import { useMatches } from "react-router";

export interface RouteHandle {
  title: string;
}

export const PRODUCT_TITLE = "Recoup";

/** The page name of the deepest route that names one (route `handle.title`). */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return undefined;
}

/** Page titles read `Recoup | <page>`. */
export function useDocumentTitle() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title ? `${PRODUCT_TITLE} | ${title}` : PRODUCT_TITLE;
  }, [title]);
}
