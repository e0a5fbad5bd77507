import {
  type ContactRole,
  type CustomerContact,
  type CustomerRefQuery,
  contactAddressSchema,
  contactRoleLabels,
  contactRoles,
  MAX_CONTACT_NAME_LENGTH,
} from "@recoup/contracts";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";

import { FormDialog } from "@/components/form-dialog";
import { FormField, fieldA11y, InputField } from "@/components/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { useAddContact } from "@/features/customers/api/add-contact";
import { useEditContact } from "@/features/customers/api/edit-contact";
import { refusal } from "@/features/customers/utils/refused";

/** What each role means, under the role field. */
const roleHints: Record<ContactRole, string> = {
  billing: "Someone who pays the invoices.",
  escalation: "Someone to copy when reminders get late.",
  copy_always: "Someone to copy on every reminder.",
};

/**
 * 'Add contact' or 'Edit contact': name, email address and role. A contact from QuickBooks keeps
 * its address (QuickBooks owns it); its name and role change here.
 */
export function ContactDialog({
  open,
  onOpenChange,
  refQuery,
  contact,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  refQuery: CustomerRefQuery;
  /** The contact to edit; null to add one. */
  contact: CustomerContact | null;
}) {
  const add = useAddContact(refQuery);
  const edit = useEditContact(refQuery);
  const pending = add.isPending || edit.isPending;
  const [name, setName] = useState(contact?.name ?? "");
  const [address, setAddress] = useState(contact?.address ?? "");
  const [role, setRole] = useState<ContactRole>(contact?.role ?? "billing");
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const locked = contact?.inQuickBooks ?? false;
  const checked = contactAddressSchema.safeParse(address);
  const addressError =
    (submitted && !checked.success ? checked.error.issues[0]?.message : undefined) ?? undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setRefused(null);
    if (!checked.success) return;
    const fields = { name: name.trim() || undefined, address: checked.data, role };
    try {
      if (contact) await edit.mutateAsync({ id: contact.id, ...fields });
      else await add.mutateAsync(fields);
      toast.success(contact ? "Contact saved" : "Contact added");
      onOpenChange(false);
    } catch (error) {
      const message = refusal(error);
      if (message) setRefused(message);
      else toast.error("Failed to save the contact. Please try again.");
    }
  }

  const error = addressError ?? refused ?? undefined;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      title={contact ? "Edit contact" : "Add contact"}
      description="Someone to write to about this customer's invoices."
      submitLabel={contact ? "Save contact" : "Add contact"}
      onSubmit={onSubmit}
    >
      <InputField
        id="contact-name"
        label="Name (optional)"
        value={name}
        maxLength={MAX_CONTACT_NAME_LENGTH}
        onChange={(event) => setName(event.target.value)}
        disabled={pending}
        autoComplete="off"
      />
      <InputField
        id="contact-address"
        label="Email address"
        error={error}
        hint={locked ? "From the customer's email in QuickBooks: change it there." : undefined}
        type="email"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        disabled={pending || locked}
        autoComplete="off"
        placeholder="name@example.com"
      />
      <FormField id="contact-role" label="Role" hint={roleHints[role]}>
        <NativeSelect
          {...fieldA11y("contact-role", undefined, true)}
          value={role}
          onChange={(event) => setRole(event.target.value as ContactRole)}
          disabled={pending}
        >
          {contactRoles.map((value) => (
            <option key={value} value={value}>
              {contactRoleLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </FormDialog>
  );
}
