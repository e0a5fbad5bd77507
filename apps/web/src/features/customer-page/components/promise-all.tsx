import { type CustomerPage, customerPageMessages } from "@recoup/contracts";
import { CalendarClockIcon } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { PromiseForm } from "@/features/customer-page/components/promise-form";
import { RecordedNotice } from "@/features/customer-page/components/recorded-notice";

const NOTICE_ID = "promise-all-notice";

/** 'Promise to pay' for every open invoice at once, one date for all, under the totals. */
export function PromiseAll({ page, token }: { page: CustomerPage; token: string }) {
  const [recorded, setRecorded] = useState<string | null>(null);
  return (
    <div className="grid gap-3">
      <PromiseForm
        token={token}
        today={page.today}
        invoices={page.invoices}
        noticeId={NOTICE_ID}
        onRecorded={setRecorded}
        trigger={
          <Button variant="outline" className="bg-card w-full sm:w-fit">
            <CalendarClockIcon aria-hidden="true" />
            {customerPageMessages.promiseToPay} for all {page.invoices.length} invoices
          </Button>
        }
      />
      <RecordedNotice id={NOTICE_ID} message={recorded} />
    </div>
  );
}
