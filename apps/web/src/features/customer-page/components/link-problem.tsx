import { customerPageMessages } from "@recoup/contracts";
import { LinkIcon } from "lucide-react";

import { isApiError } from "@/lib/http";

/** A link that names no customer (404) or no longer does (410): the API's words, nothing else. */
export function LinkProblem({ error }: { error: unknown }) {
  const message = isApiError(error) && error.message ? error.message : customerPageMessages.linkInvalid;
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-4 py-12 text-center">
      <div className="bg-muted flex size-14 items-center justify-center rounded-full">
        <LinkIcon className="text-muted-foreground size-7" aria-hidden="true" />
      </div>
      <h1 className="text-xl font-semibold tracking-tight">This link can't be opened</h1>
      <p className="text-muted-foreground max-w-md text-sm" data-testid="link-problem">
        {message}
      </p>
    </main>
  );
}
