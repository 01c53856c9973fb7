import { zodResolver } from "@hookform/resolvers/zod";
import {
  AcceptVetInviteFormSchema,
  InviteTokenSchema,
  passwordPolicy,
  vetPracticeMessages,
  type AcceptVetInviteRequest,
} from "@vaxcal/contracts";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { AlertBox, CheckboxField, TextField } from "../../../components/ui/form-fields.tsx";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { describeFormFailure } from "../../../lib/api-errors.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { useAcceptVetInvite } from "../api/accept-vet-invite.ts";
import { useVetInvite } from "../api/get-vet-invite.ts";
import "./vet-practices.css";

type JoinValues = Omit<AcceptVetInviteRequest, "agree_to_terms" | "token"> & {
  agree_to_terms: boolean;
};

// The form holds an unticked terms box, which the payload schema refuses by design.
const resolver = zodResolver(AcceptVetInviteFormSchema) as unknown as Resolver<JoinValues>;

/**
 * /vet/join?token= (decision 501): the page an invite e-mail opens. The invited vet sees the
 * practice and address, chooses a password, and joins; the link works once, for 7 days.
 */
export function VetJoinPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const isWellFormed = InviteTokenSchema.safeParse(token).success;
  const invite = useVetInvite(token, { isEnabled: isWellFormed });
  if (isWellFormed && invite.isPending) return <LoadingState label="Checking your invitation…" />;
  if (!invite.isSuccess || !invite.data.valid) {
    return (
      <div className="page-panel">
        <h1>Join your vet practice</h1>
        <ErrorState message={vetPracticeMessages.inviteInvalid} />
      </div>
    );
  }
  return (
    <JoinForm token={token} practice={invite.data.vet_practice_name} email={invite.data.email} />
  );
}

function JoinForm({ token, practice, email }: { token: string; practice: string; email: string }) {
  const navigate = useNavigate();
  const accept = useAcceptVetInvite();
  const [messages, setMessages] = useState<string[]>([]);
  const [isShown, setIsShown] = useState(false);
  const form = useForm<JoinValues>({
    resolver,
    defaultValues: {
      name: "",
      surname: "",
      password: "",
      password_confirmation: "",
      agree_to_terms: false,
    },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const type = isShown ? "text" : "password";

  return (
    <div className="page-panel">
      <h1>Join {practice}</h1>
      <p>
        You are invited to join {practice} on VaxCal as <strong>{email}</strong>. Choose a password
        to join.
      </p>
      <form
        className="form"
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) => {
            setMessages([]);
            accept.mutate(
              { ...values, agree_to_terms: true, token },
              {
                onSuccess: ({ message }) => {
                  showNotification(NotificationType.success, message);
                  void navigate(paths.vetDashboard.getHref());
                },
                onError: (error) =>
                  setMessages(
                    describeFormFailure(error, { fallback: vetPracticeMessages.anErrorOccurred })
                      .messages,
                  ),
              },
            );
          })(event)
        }
      >
        <AlertBox messages={messages} />
        <div className="field-row">
          <TextField
            label="Your name"
            autoComplete="given-name"
            error={errors.name?.message}
            {...register("name")}
          />
          <TextField
            label="Your surname"
            autoComplete="family-name"
            error={errors.surname?.message}
            {...register("surname")}
          />
        </div>
        <TextField
          label="Password"
          type={type}
          autoComplete="new-password"
          hint={`At least ${passwordPolicy.minLength} characters.`}
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          label="Confirm password"
          type={type}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register("password_confirmation")}
        />
        <CheckboxField
          label="Show the passwords"
          checked={isShown}
          onChange={(event) => setIsShown(event.target.checked)}
        />
        <CheckboxField
          label="I agree to the terms and conditions and the privacy notice."
          error={errors.agree_to_terms?.message}
          {...register("agree_to_terms")}
        />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={accept.isPending}>
            {accept.isPending ? "Joining…" : "Join the practice"}
          </button>
        </div>
      </form>
    </div>
  );
}
