import {
  type CustomerContact,
  type CustomerRefQuery,
  contactRoleLabels,
  MAX_CONTACTS,
} from "@recoup/contracts";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";

import { SectionCard } from "@/components/section-card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ContactDialog } from "@/features/customers/components/contact-dialog";
import { RemoveContactDialog } from "@/features/customers/components/remove-contact-dialog";
import { formatDate } from "@/lib/format";
import { ADD_CONTACT_HASH } from "@/lib/routes";

type Editing = { contact: CustomerContact | null } | null;

/**
 * Who Recoup may write to about the customer's invoices: the addresses of its email in QuickBooks
 * and those added here, each with its role, where it comes from, and whether emails to it bounce.
 */
export function ContactsCard({
  refQuery,
  contacts,
}: {
  refQuery: CustomerRefQuery;
  contacts: CustomerContact[];
}) {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Editing>(hash === ADD_CONTACT_HASH ? { contact: null } : null);
  // Closing the dialog the dashboard's link opened leaves the link behind (a reload does not reopen it).
  const closeEditing = () => {
    setEditing(null);
    if (hash === ADD_CONTACT_HASH) navigate({ hash: "" }, { replace: true });
  };
  const [removing, setRemoving] = useState<CustomerContact | null>(null);
  const full = contacts.length >= MAX_CONTACTS;

  return (
    <SectionCard
      id="contacts-title"
      title="Contacts"
      description="Who to write to about this customer's invoices."
      contentClassName="grid gap-3"
    >
      {contacts.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No contacts: reminders reach this customer only through an invoice's email address.
        </p>
      ) : (
        <ul className="divide-y text-sm">
          {contacts.map((contact) => (
            <ContactItem
              key={contact.id}
              contact={contact}
              onEdit={() => setEditing({ contact })}
              onRemove={() => setRemoving(contact)}
            />
          ))}
        </ul>
      )}
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        onClick={() => setEditing({ contact: null })}
        disabled={full}
      >
        <PlusIcon aria-hidden="true" />
        Add contact
      </Button>
      {full ? (
        <p className="text-muted-foreground text-xs">
          A customer can have at most {MAX_CONTACTS} contacts. Remove one to add another.
        </p>
      ) : null}
      {editing ? (
        <ContactDialog
          open
          onOpenChange={(open) => !open && closeEditing()}
          refQuery={refQuery}
          contact={editing.contact}
        />
      ) : null}
      {removing ? (
        <RemoveContactDialog
          contact={removing}
          onOpenChange={(open) => !open && setRemoving(null)}
          refQuery={refQuery}
        />
      ) : null}
    </SectionCard>
  );
}

function ContactItem({
  contact,
  onEdit,
  onRemove,
}: {
  contact: CustomerContact;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const who = contact.name ?? contact.address;
  return (
    <li className="grid gap-1.5 py-3 first:pt-0 last:pb-0" data-testid="contact">
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          {contact.name ? <span className="truncate font-medium">{contact.name}</span> : null}
          <a href={`mailto:${contact.address}`} className="break-all underline-offset-4 hover:underline">
            {contact.address}
          </a>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button size="icon" variant="ghost" className="size-8" onClick={onEdit} aria-label={`Edit ${who}`}>
            <PencilIcon aria-hidden="true" />
          </Button>
          {contact.inQuickBooks ? null : (
            <Button
              size="icon"
              variant="ghost"
              className="size-8"
              onClick={onRemove}
              aria-label={`Remove ${who}`}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Badge variant="secondary">{contactRoleLabels[contact.role]}</Badge>
        {contact.inQuickBooks ? <Badge variant="outline">QuickBooks</Badge> : null}
        {contact.bouncedAt ? <Badge variant="destructive">Bounced</Badge> : null}
      </div>
      {contact.bouncedAt ? (
        <p className="text-destructive text-xs">
          Bounced on {formatDate(contact.bouncedAt.slice(0, 10))}
          {contact.bounceReason ? `: ${contact.bounceReason}` : "."}
        </p>
      ) : null}
    </li>
  );
}
