import type { CustomerContact, CustomerRefQuery } from "@recoup/contracts";
import type { FormEvent } from "react";
import { toast } from "sonner";

import { FormDialog } from "@/components/form-dialog";
import { useRemoveContact } from "@/features/customers/api/remove-contact";
import { refusal } from "@/features/customers/utils/refused";

/** 'Remove contact': asks first, then removes a contact added in Recoup. */
export function RemoveContactDialog({
  contact,
  onOpenChange,
  refQuery,
}: {
  contact: CustomerContact;
  onOpenChange: (open: boolean) => void;
  refQuery: CustomerRefQuery;
}) {
  const remove = useRemoveContact(refQuery);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await remove.mutateAsync(contact.id);
      toast.success("Contact removed");
      onOpenChange(false);
    } catch (error) {
      toast.error(refusal(error) ?? "Failed to remove the contact. Please try again.");
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      pending={remove.isPending}
      title="Remove contact"
      description={`${contact.name ?? contact.address} will no longer receive or be copied on reminders for this customer.`}
      submitLabel="Remove contact"
      onSubmit={onSubmit}
    >
      <p className="text-sm break-all">{contact.address}</p>
    </FormDialog>
  );
}
