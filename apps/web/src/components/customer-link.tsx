import { Link } from "react-router";

import { customerPath } from "@/lib/routes";
import { cn } from "@/lib/utils";

/** A customer's name, linking to their Customer Details page. */
export function CustomerLink({
  customerRef,
  name,
  className,
}: {
  customerRef: string;
  name: string;
  className?: string;
}) {
  return (
    <Link
      to={customerPath(customerRef)}
      className={cn("hover:text-primary underline-offset-4 hover:underline", className)}
    >
      {name}
    </Link>
  );
}
