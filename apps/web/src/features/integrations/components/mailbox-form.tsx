import { zodResolver } from "@hookform/resolvers/zod";
import {
  MAILBOX_DEFAULT_FOLDER,
  mailboxConnectRequestSchema,
  mailboxHostNote,
  mailboxMessages,
  mailboxSupportsPlus,
} from "@recoup/contracts";
import { InfoIcon, Loader2Icon, PlugIcon } from "lucide-react";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";

import { FormField, fieldA11y, InputField } from "@/components/form-field";
import { FormNotice, type Notice } from "@/components/form-notice";
import { PasswordInput } from "@/components/password-input";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { useConnectMailbox } from "@/features/integrations/api/mailbox";
import { isApiError } from "@/lib/http";

/** The connect request as the form holds it: optional fields are empty strings until filled. */
const formSchema = mailboxConnectRequestSchema.omit({ companyId: true, address: true, moveTo: true }).extend({
  folder: z.string().trim().min(1, "Enter the folder to read (INBOX for the inbox).").max(200),
  address: z.union([z.literal(""), z.email("Enter an email address.")]),
  moveTo: z.string().trim().max(200),
  plusAddressing: z.boolean(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function CheckboxField({
  id,
  label,
  hint,
  ...box
}: { id: string; label: string; hint: string } & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox id={id} aria-describedby={`${id}-hint`} {...box} className="mt-0.5" />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** 'Connect a mailbox': tried on save; a failure says which step (DNS, TLS, login, folder). */
export function MailboxForm({ companyId, onDone }: { companyId: string; onDone?: () => void }) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      host: "",
      port: 993,
      tls: true,
      user: "",
      password: "",
      address: "",
      folder: MAILBOX_DEFAULT_FOLDER,
      moveTo: "",
      plusAddressing: false,
    },
  });
  const [notice, setNotice] = useState<Notice | null>(null);
  const mutation = useConnectMailbox();
  const host = useWatch({ control: form.control, name: "host" }) ?? "";
  const note = mailboxHostNote(host);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) => {
    setNotice(null);
    const { address, moveTo, ...rest } = values;
    mutation.mutate(
      { ...rest, companyId, ...(address ? { address } : {}), moveTo: moveTo || null },
      {
        onSuccess: () => {
          toast.success(mailboxMessages.connected);
          onDone?.();
        },
        onError: (error) =>
          setNotice({
            kind: "error",
            text:
              isApiError(error, 422) || isApiError(error, 400)
                ? error.message
                : "The mailbox could not be saved. Please try again.",
          }),
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Connect a mailbox" className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_7rem]">
        <InputField
          id="mailbox-host"
          label="IMAP server"
          placeholder="imap.example.com"
          autoComplete="off"
          spellCheck={false}
          error={errors.host?.message}
          {...form.register("host", {
            onChange: (e: { target: { value: string } }) => {
              if (!form.getFieldState("plusAddressing").isDirty)
                form.setValue("plusAddressing", mailboxSupportsPlus(e.target.value));
            },
          })}
        />
        <InputField
          id="mailbox-port"
          label="Port"
          inputMode="numeric"
          error={errors.port?.message}
          {...form.register("port")}
        />
      </div>
      {note ? (
        <Alert>
          <InfoIcon aria-hidden="true" />
          <AlertDescription>{note}</AlertDescription>
        </Alert>
      ) : null}
      <Controller
        control={form.control}
        name="tls"
        render={({ field }) => (
          <CheckboxField
            id="mailbox-tls"
            label="TLS"
            hint="On for port 993. Off: port 143, with STARTTLS when the server offers it."
            checked={field.value}
            onCheckedChange={(on) => {
              field.onChange(on);
              const port = Number(form.getValues("port"));
              if (port === 993 || port === 143) form.setValue("port", on ? 993 : 143);
            }}
          />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          id="mailbox-user"
          label="User name"
          autoComplete="off"
          error={errors.user?.message}
          {...form.register("user")}
        />
        <FormField
          id="mailbox-password"
          label="App password"
          error={errors.password?.message}
          hint="Made in your provider's security settings; stored encrypted."
        >
          <PasswordInput
            {...fieldA11y("mailbox-password", errors.password?.message, true)}
            autoComplete="new-password"
            {...form.register("password")}
          />
        </FormField>

        <InputField
          id="mailbox-folder"
          label="Folder"
          error={errors.folder?.message}
          {...form.register("folder")}
        />
        <InputField
          id="mailbox-move-to"
          label="Move processed replies to (optional)"
          hint="Empty: Recoup never moves or deletes mail."
          placeholder="Recoup"
          error={errors.moveTo?.message}
          {...form.register("moveTo")}
        />
        <InputField
          id="mailbox-address"
          className="sm:col-span-2"
          label="Email address (optional)"
          hint="Where replies to reminders go; the user name when it is an address."
          type="email"
          error={errors.address?.message}
          {...form.register("address")}
        />
      </div>
      <Controller
        control={form.control}
        name="plusAddressing"
        render={({ field }) => (
          <CheckboxField
            id="mailbox-plus"
            label="Plus-addressing"
            hint="Replies go to name+code@ your domain, so each lands on its invoice. Gmail, Fastmail and Microsoft 365 deliver these."
            checked={field.value}
            onCheckedChange={(on) => field.onChange(on === true)}
          />
        )}
      />
      <FormNotice notice={notice} />
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
          {mutation.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <PlugIcon aria-hidden="true" />
          )}
          {mutation.isPending ? "Checking the mailbox..." : "Connect Mailbox"}
        </Button>
      </div>
    </form>
  );
}
