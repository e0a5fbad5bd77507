import { DKIM_DEFAULT_SELECTOR, type DnsCheckResult } from "@recoup/contracts";
import { CheckIcon, Loader2Icon, SendIcon, TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import {
  useCheckDns,
  useRemoveSending,
  useSaveSending,
  useSending,
} from "@/features/integrations/api/sending";
import { Row } from "@/features/integrations/components/connection-details";
import { isApiError } from "@/lib/http";

const NAMES = { spf: "SPF", dkim: "DKIM", dmarc: "DMARC" } as const;

function DnsResults({ dns }: { dns: DnsCheckResult }) {
  return (
    <ul className="grid gap-2 text-sm" aria-label="DNS check">
      {(Object.keys(NAMES) as (keyof typeof NAMES)[]).map((k) => (
        <li key={k} className="flex items-start gap-2">
          {dns[k].state === "ok" ? (
            <CheckIcon className="mt-0.5 size-4 text-green-600" aria-hidden="true" />
          ) : (
            <TriangleAlertIcon className="mt-0.5 size-4 text-amber-600" aria-hidden="true" />
          )}
          <span>
            <strong>{NAMES[k]}</strong>: {dns[k].note}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Send as your company': reminders come From the company's address, DKIM-signed, once its domain
 * publishes the record shown ('Check DNS' reads SPF, DKIM and DMARC and says what is missing).
 */
export function SendingCard({ companyId }: { companyId: string }) {
  const query = useSending(companyId);
  const save = useSaveSending();
  const remove = useRemoveSending();
  const check = useCheckDns();
  const sending = query.data ?? null;
  const [address, setAddress] = useState("");
  const [selector, setSelector] = useState(DKIM_DEFAULT_SELECTOR);
  const [privateKey, setPrivateKey] = useState("");
  const [dns, setDns] = useState<DnsCheckResult | null>(null);

  const onSave = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { companyId, address, selector, ...(privateKey.trim() ? { privateKey } : {}) },
      {
        onSuccess: () => {
          setDns(null);
          toast.success("Saved. Publish the DNS record shown, then Check DNS.");
        },
        onError: (error) =>
          toast.error(isApiError(error) ? error.message : "Could not save. Please try again."),
      },
    );
  };
  const onCheck = () =>
    check.mutate(companyId, {
      onSuccess: (data) => setDns(data.dns),
      onError: (error) => toast.error(isApiError(error) ? error.message : "DNS could not be read."),
    });

  return (
    <Card role="region" aria-labelledby="sending-card-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <CardTitle>
            <h2 id="sending-card-title">Send as your company</h2>
          </CardTitle>
          <Badge variant={sending?.verified ? "default" : "secondary"}>
            {sending ? (sending.verified ? "Verified" : "Not verified") : "Off"}
          </Badge>
        </div>
        <CardDescription>
          Reminders come from your own address, signed with DKIM, once your domain publishes the record below.
          Until then they come from Recoup's address with your company's name.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {sending ? (
          <dl className="grid gap-3">
            <Row term="From">{sending.address}</Row>
            <Row term="DNS record">
              <span className="block text-xs">
                {sending.record.type} <span className="font-mono">{sending.record.name}</span>
              </span>
              <span className="font-mono text-xs break-all">{sending.record.value}</span>
            </Row>
          </dl>
        ) : null}
        {dns ? <DnsResults dns={dns} /> : null}
        <form onSubmit={onSave} className="grid gap-3" aria-label="Address to send from">
          <div className="grid gap-1.5">
            <Label htmlFor="sending-address">Address to send from</Label>
            <Input
              id="sending-address"
              type="email"
              required
              placeholder={sending?.address ?? "billing@yourcompany.com"}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="sending-selector">DKIM selector</Label>
            <Input id="sending-selector" value={selector} onChange={(e) => setSelector(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="sending-key">Your own private key (optional, PEM)</Label>
            <Textarea
              id="sending-key"
              rows={3}
              placeholder="Leave empty and Recoup makes one"
              value={privateKey}
              onChange={(e) => setPrivateKey(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto sm:justify-self-start">
            {save.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SendIcon aria-hidden="true" />
            )}
            Save
          </Button>
        </form>
      </CardContent>
      {sending ? (
        <CardFooter className="flex flex-col gap-2 border-t sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCheck} disabled={check.isPending} className="w-full sm:w-auto">
            {check.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            Check DNS
          </Button>
          <Button
            variant="ghost"
            onClick={() => remove.mutate(companyId, { onSuccess: () => setDns(null) })}
            disabled={remove.isPending}
            className="text-destructive hover:text-destructive hover:bg-destructive/10 w-full sm:w-auto"
          >
            Stop sending as the company
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}
