import { zodResolver } from "@hookform/resolvers/zod";
import {
  errorCodes,
  type ProfileResponse,
  profileMessages,
  updateProfileFieldsSchema,
} from "@recoup/contracts";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { FormField, fieldA11y } from "@/components/form-field";
import { FormNotice, type Notice } from "@/components/form-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { type ImageChange, useUpdateProfile } from "@/features/account/api/update-profile";
import { ImagePicker } from "@/features/account/components/image-picker";
import { SignaturePreview } from "@/features/account/components/signature-preview";
import { isApiError } from "@/lib/http";

const formSchema = updateProfileFieldsSchema.pick({ userName: true, signature: true, howToPay: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const imageErrorCodes: string[] = [
  errorCodes.invalidImage,
  errorCodes.imageTooLarge,
  errorCodes.payloadTooLarge,
];
const unchanged: ImageChange = { kind: "unchanged" };

interface AccountFormProps {
  profile: ProfileResponse;
  /** From the signed-in user; null when unknown. */
  identity: { email: string; companyId: string } | null;
}

export function AccountForm({ profile, identity }: AccountFormProps) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      userName: profile.userData[0]?.name ?? "",
      signature: profile.signature,
      howToPay: profile.howToPay,
    },
  });
  const [profilePic, setProfilePic] = useState<ImageChange>(unchanged);
  const [companyLogo, setCompanyLogo] = useState<ImageChange>(unchanged);
  const [notice, setNotice] = useState<Notice | null>(null);
  const mutation = useUpdateProfile();
  const signature = useWatch({ control: form.control, name: "signature" }) ?? "";
  const email = profile.userData[0]?.email ?? identity?.email ?? "";
  const nameError = form.formState.errors.userName?.message;

  const onSubmit = form.handleSubmit((values) => {
    if (!identity) {
      setNotice({ kind: "error", text: profileMessages.noUser });
      return;
    }
    setNotice(null);
    mutation.mutate(
      { ...values, email: identity.email, companyId: identity.companyId, profilePic, companyLogo },
      {
        onSuccess: (saved) => {
          form.reset({
            userName: saved.userData[0]?.name ?? values.userName,
            signature: saved.signature,
            howToPay: saved.howToPay,
          });
          setProfilePic(unchanged);
          setCompanyLogo(unchanged);
          toast.success(profileMessages.updateSuccess);
        },
        onError: (error) => {
          const imageError = isApiError(error, 400) && imageErrorCodes.includes(error.code);
          toast.error(profileMessages.updateFailed);
          setNotice({ kind: "error", text: imageError ? error.message : profileMessages.saveFailed });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Profile and Company Images</h2>
          </CardTitle>
          <CardDescription>
            Your picture shows in the app; the logo can appear in reminder emails.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-8 md:grid-cols-2">
          <ImagePicker
            id="profile-picture"
            label="Profile picture"
            current={profile.profilePic}
            value={profilePic}
            onChange={setProfilePic}
            rounded
          />
          <ImagePicker
            id="company-logo"
            label="Company logo"
            current={profile.companyLogo}
            value={companyLogo}
            onChange={setCompanyLogo}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Profile Information</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <FormField id="full-name" label="Full Name" error={nameError}>
            <Input
              {...fieldA11y("full-name", nameError)}
              autoComplete="name"
              {...form.register("userName")}
            />
          </FormField>
          <FormField id="account-email" label="Email" hint={profileMessages.emailNote}>
            <Input
              id="account-email"
              aria-describedby="account-email-hint"
              type="email"
              value={email}
              readOnly
              className="bg-muted/50"
            />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Email Signature</h2>
          </CardTitle>
          <CardDescription>Added at the end of your reminder emails. Basic HTML is allowed.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 lg:grid-cols-2">
          <FormField id="signature" label="Signature" error={form.formState.errors.signature?.message}>
            <Textarea
              {...fieldA11y("signature", form.formState.errors.signature?.message)}
              rows={7}
              className="min-h-40 font-mono text-xs md:text-xs"
              placeholder={"<p>Best regards,<br>Jane Doe<br>Acme Plumbing</p>"}
              {...form.register("signature")}
            />
          </FormField>
          <div className="grid content-start gap-2">
            <Label asChild>
              <span>Preview</span>
            </Label>
            <SignaturePreview html={signature} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>How to Pay</h2>
          </CardTitle>
          <CardDescription>
            Shown on your customers' page (the 'View and pay' link in reminders) for invoices that QuickBooks
            offers no 'Pay now' for: bank details, a postal address, a phone number.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FormField
            id="how-to-pay"
            label="How customers can pay"
            error={form.formState.errors.howToPay?.message}
          >
            <Textarea
              {...fieldA11y("how-to-pay", form.formState.errors.howToPay?.message)}
              rows={5}
              placeholder={
                "Bank transfer to Acme Plumbing Ltd\nSort code 12-34-56, account 12345678\nPlease quote the invoice number."
              }
              {...form.register("howToPay")}
            />
          </FormField>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-end">
        <FormNotice notice={notice} />
        <Button type="submit" className="sm:w-auto" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
