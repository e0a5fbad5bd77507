import { type MailboxConnection, mailboxMessages } from "@recoup/contracts";
import { Loader2Icon, MailIcon, PencilIcon, TriangleAlertIcon, UnplugIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useDisconnectMailbox, useMailbox } from "@/features/integrations/api/mailbox";
import { Row } from "@/features/integrations/components/connection-details";
import { MailboxForm } from "@/features/integrations/components/mailbox-form";
import { formatDateTime } from "@/lib/format";

function MailboxDetails({ mailbox }: { mailbox: MailboxConnection }) {
  return (
    <div className="grid gap-4">
      {mailbox.error ? (
        <Alert>
          <TriangleAlertIcon aria-hidden="true" className="text-amber-600 dark:text-amber-400" />
          <AlertTitle>Reading the mailbox failed</AlertTitle>
          <AlertDescription>
            <p>{mailbox.error.message}</p>
            <p>Recoup tries again on its own. Connect again with new details to change them.</p>
          </AlertDescription>
        </Alert>
      ) : null}
      <dl className="grid gap-3">
        <Row term="Mailbox">
          {mailbox.user} on {mailbox.host}:{mailbox.port}
          {mailbox.tls ? " (TLS)" : ""}
        </Row>
        <Row term="Folder">
          {mailbox.folder}
          {mailbox.moveTo ? ` (replies then moved to ${mailbox.moveTo})` : " (nothing is moved or deleted)"}
        </Row>
        <Row term="Replies go to">
          <span className="font-mono text-xs">{mailbox.replyTo}</span>
          {mailbox.plusAddressing ? (
            <span className="text-muted-foreground block text-xs">
              For example: each invoice has its own code.
            </span>
          ) : null}
        </Row>
        <Row term="Last read">
          {mailbox.lastReadAt ? (
            <time dateTime={mailbox.lastReadAt}>{formatDateTime(mailbox.lastReadAt)}</time>
          ) : (
            <span className="text-muted-foreground">Not yet</span>
          )}
        </Row>
        <Row term="Taken in">
          {mailbox.messagesRead} {mailbox.messagesRead === 1 ? "reply" : "replies"} since{" "}
          <time dateTime={mailbox.connectedAt}>{formatDateTime(mailbox.connectedAt)}</time>
          {mailbox.keptAside > 0 ? `; ${mailbox.keptAside} kept aside unread (see Communications)` : ""}
        </Row>
      </dl>
    </div>
  );
}

/** 'Mailbox for replies': connect a mailbox Recoup reads replies to reminders from, over IMAP. */
export function MailboxCard({ companyId }: { companyId: string }) {
  const query = useMailbox(companyId);
  const disconnect = useDisconnectMailbox();
  const [editing, setEditing] = useState(false);
  const mailbox = query.data ?? null;
  const status = mailbox ? (mailbox.error ? "Not reading" : "Connected") : "Not connected";

  const onDisconnect = () =>
    disconnect.mutate(companyId, {
      onSuccess: () => toast.success(mailboxMessages.disconnected),
      onError: () => toast.error("The mailbox could not be disconnected. Please try again."),
    });

  return (
    <Card role="region" aria-labelledby="mailbox-card-title" aria-busy={query.isPending || undefined}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="bg-primary/10 text-primary flex size-10 shrink-0 items-center justify-center rounded-full">
            <MailIcon className="size-5" aria-hidden="true" />
          </span>
          <div className="grid gap-1.5">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <CardTitle>
                <h2 id="mailbox-card-title">Mailbox for replies</h2>
              </CardTitle>
              {query.isPending ? (
                <Skeleton className="h-6 w-24" />
              ) : (
                <Badge variant={mailbox && !mailbox.error ? "default" : "secondary"}>{status}</Badge>
              )}
            </div>
            <CardDescription>
              Recoup reads customers' replies to reminders from your own mailbox over IMAP: they join the
              invoice's thread and pause its reminders.
            </CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.isPending ? (
          <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            Checking the mailbox...
          </p>
        ) : mailbox && !editing ? (
          <MailboxDetails mailbox={mailbox} />
        ) : (
          <MailboxForm companyId={companyId} onDone={() => setEditing(false)} />
        )}
      </CardContent>
      {mailbox ? (
        <CardFooter className="flex flex-col gap-2 border-t sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setEditing(!editing)} className="w-full sm:w-auto">
            <PencilIcon aria-hidden="true" />
            {editing ? "Keep Current Settings" : "Change Settings"}
          </Button>
          <Button
            variant="ghost"
            onClick={onDisconnect}
            disabled={disconnect.isPending}
            className="text-destructive hover:text-destructive hover:bg-destructive/10 w-full sm:w-auto"
          >
            {disconnect.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <UnplugIcon aria-hidden="true" />
            )}
            {disconnect.isPending ? "Disconnecting..." : "Disconnect"}
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}
