import { InviteEmailsSchema, RoleName, vetPracticeMessages } from "@vaxcal/contracts";
import { formatLongDate } from "@vaxcal/schedule";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { AlertBox, TextField } from "../../../components/ui/form-fields.tsx";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { resendVerificationEmail } from "../../../lib/account-verification.ts";
import { describeApiError } from "../../../lib/api-errors.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { cancelInvite } from "../api/cancel-invite.ts";
import { inviteVets } from "../api/invite-vets.ts";
import { useMembersChange, useVetMembers } from "../api/list-vet-members.ts";
import { removeMember } from "../api/remove-member.ts";
import { resendInvite } from "../api/resend-invite.ts";

const membersTexts = {
  loading: "Loading your practice's vets…",
  loadFailed: "The practice's vets could not be loaded. Please try again.",
  changeFailed: "That did not work. Please try again.",
  unconfirmedTitle: "Confirm your practice's email address",
  unconfirmed:
    "Open the link we emailed to your practice's address to invite vets and be found by farmers. Until then farmers cannot choose your practice, and the invitations below wait.",
  waitingInvite: "Sent once your practice's email address is confirmed",
  resendFailed: "Email verification resend failed",
} as const;

/**
 * A practice whose e-mail is not confirmed cannot invite, nor be linked (decision 503): the
 * manager is told why, and can have the link sent again.
 */
function PracticeEmailUnconfirmed() {
  const resend = useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: (message) => showNotification(NotificationType.success, message),
  });
  return (
    <div className="vet-notice" role="status">
      <p className="vet-notice__title">
        <strong>{membersTexts.unconfirmedTitle}</strong>
      </p>
      <p>{membersTexts.unconfirmed}</p>
      {resend.isError && (
        <AlertBox messages={[describeApiError(resend.error, membersTexts.resendFailed)]} />
      )}
      <ActionButton action={resend}>Resend verification email</ActionButton>
    </div>
  );
}

/** The day part of an ISO timestamp, as the dashboard prints dates. */
const formatDay = (timestamp: string) => formatLongDate(timestamp.slice(0, 10));

/**
 * The manager's part of the dashboard (decision 501): the practice's vets, removing one (their
 * access ends at once), the open invites with re-send and cancel, and new invites.
 */
export function VetMembersSection() {
  const members = useVetMembers({ isEnabled: true });
  const [inviteEmail, setInviteEmail] = useState("");
  const [inviteError, setInviteError] = useState<string | undefined>(undefined);
  const [confirmingId, setConfirmingId] = useState<number | null>(null);
  const onDone = {
    onSuccess: ({ message }: { message: string }) =>
      showNotification(NotificationType.success, message),
    onError: (error: unknown) =>
      showNotification(NotificationType.error, describeApiError(error, membersTexts.changeFailed)),
  };
  const invite = useMembersChange(inviteVets);
  const resend = useMembersChange(resendInvite);
  const cancel = useMembersChange(cancelInvite);
  const remove = useMembersChange(removeMember);
  // Until the list says otherwise, inviting is offered; the server refuses it when unconfirmed.
  const isConfirmed = members.data?.email_verified ?? true;

  return (
    <section aria-labelledby="vet-members-title">
      <h2 id="vet-members-title">Your practice's vets</h2>
      {members.isPending ? (
        <LoadingState label={membersTexts.loading} />
      ) : members.isError ? (
        <ErrorState
          message={describeApiError(members.error, membersTexts.loadFailed)}
          onRetry={() => void members.refetch()}
        />
      ) : (
        <>
          {!isConfirmed && <PracticeEmailUnconfirmed />}
          <ul className="vet-list" aria-label="Your practice's vets">
            {members.data.members.map((member) => (
              <li key={member.id} className="vet-card vet-card__calendar">
                <span>
                  <strong>
                    {member.name} {member.surname}
                  </strong>{" "}
                  ({member.role === RoleName.vetManager ? "practice manager" : "vet"})
                  <br />
                  <span className="vet-card__meta">{member.email}</span>
                </span>
                {member.role !== RoleName.vetManager &&
                  (confirmingId === member.id ? (
                    <span className="vet-card__actions" role="group" aria-label="Confirm removal">
                      <span>
                        Remove {member.name} {member.surname}? Their account is closed and they lose
                        access at once.
                      </span>
                      <button
                        type="button"
                        className="button button--primary"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(member.id, {
                            ...onDone,
                            onSettled: () => setConfirmingId(null),
                          })
                        }
                      >
                        Yes, remove
                      </button>
                      <button
                        type="button"
                        className="button button--quiet"
                        onClick={() => setConfirmingId(null)}
                      >
                        Keep
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="button button--quiet"
                      onClick={() => setConfirmingId(member.id)}
                    >
                      Remove {member.name} {member.surname}
                    </button>
                  ))}
              </li>
            ))}
          </ul>
          {members.data.invites.length > 0 && (
            <>
              <h3>Invitations not yet accepted</h3>
              <ul className="vet-list" aria-label="Invitations not yet accepted">
                {members.data.invites.map((pending) => (
                  <li key={pending.id} className="vet-card vet-card__calendar">
                    <span>
                      <strong>{pending.email}</strong>
                      <br />
                      <span className="vet-card__meta">
                        {!isConfirmed
                          ? membersTexts.waitingInvite
                          : pending.status === "expired"
                            ? `Expired on ${formatDay(pending.expires_at)}`
                            : `Sent on ${formatDay(pending.created_at)}, works until ${formatDay(pending.expires_at)}`}
                      </span>
                    </span>
                    <span className="vet-card__actions">
                      {isConfirmed && (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={resend.isPending}
                          aria-label={`Send the invitation to ${pending.email} again`}
                          onClick={() => resend.mutate(pending.id, onDone)}
                        >
                          Send again
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--quiet"
                        disabled={cancel.isPending}
                        aria-label={`Cancel the invitation to ${pending.email}`}
                        onClick={() => cancel.mutate(pending.id, onDone)}
                      >
                        Cancel invitation
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      {isConfirmed && (
        <form
          className="vet-toolbar vet-toolbar--form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = InviteEmailsSchema.safeParse([inviteEmail]);
            if (!parsed.success || inviteEmail.trim() === "") {
              setInviteError(vetPracticeMessages.inviteEmailInvalid);
              return;
            }
            setInviteError(undefined);
            invite.mutate(parsed.data, {
              ...onDone,
              onSuccess: (answer) => {
                setInviteEmail("");
                onDone.onSuccess(answer);
              },
            });
          }}
        >
          <TextField
            label="Invite a vet by email"
            type="email"
            spellCheck={false}
            autoComplete="off"
            value={inviteEmail}
            error={inviteError}
            onChange={(event) => setInviteEmail(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={invite.isPending}>
            {invite.isPending ? "Sending…" : "Send invitation"}
          </button>
        </form>
      )}
    </section>
  );
}
