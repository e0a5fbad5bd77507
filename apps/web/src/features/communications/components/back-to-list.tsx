import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";

/** Phones show the list or a thread: this leads back to the list (wide screens show both). */
export function BackToList({ href }: { href: string }) {
  return (
    <Button variant="ghost" size="sm" className="w-fit lg:hidden" asChild>
      <Link to={href}>
        <ArrowLeftIcon aria-hidden="true" />
        All conversations
      </Link>
    </Button>
  );
}
