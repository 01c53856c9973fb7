import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { AlertBox, TextField } from "../../../components/ui/form-fields.tsx";
import { paths } from "../../../config/paths.ts";
import { isFarmer } from "../../../lib/reminder-line.ts";
import { ModalName, closeModal, openModal } from "../../../stores/modals.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { readReturnPrompt, takeReturnPath } from "../../../stores/return-path.ts";
import { farmWeekQuery } from "../../reminders/index.ts";
import { authMessages } from "../auth-messages.ts";
import { LoginRequestSchema, describeLoginError, useLogIn } from "../api/log-in.ts";
import "./login-modal-body.css";

/**
 * docs/product.md §2 'Login': username (e-mail or phone), password, Login, Signup and Forgot
 * password.
 */
export function LoginModalBody() {
  const logIn = useLogIn();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: the form keeps its sentence while the login is under way.
  const [linkPrompt] = useState(readReturnPrompt);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { username: "", password: "" },
  });

  const submit = handleSubmit((request) => {
    logIn.mutate(request, {
      onSuccess: (answer) => {
        const returnPath = takeReturnPath();
        closeModal();
        // A farmer logging in from the landing page goes to the week on the farm (decision 603);
        // anywhere else (a calendar being saved, the logged-out page) and for a vet or an admin,
        // the page stays.
        if (returnPath) void navigate(returnPath);
        else if (isFarmer(answer.user) && location.pathname === paths.home.path) {
          // The week's list is asked for now, while the page renders (decision 711).
          void queryClient.prefetchQuery(farmWeekQuery);
          void navigate(paths.farmWeek.getHref());
        }
        showNotification(NotificationType.success, authMessages.loginSuccessful);
      },
    });
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      {linkPrompt === null ? null : <p>{linkPrompt}</p>}
      <AlertBox messages={logIn.isError ? [describeLoginError(logIn.error)] : []} />
      <TextField
        label="Email address or mobile number"
        hint="The one you registered with. It is also printed on calendars made after 17 September 2019."
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register("username")}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={logIn.isPending}>
          {logIn.isPending ? "Logging in…" : "Login"}
        </button>
      </div>
      <p className="modal-links">
        <span>
          No account yet?{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => openModal(ModalName.register)}
          >
            Signup
          </button>
        </span>
        <button
          type="button"
          className="link-button"
          onClick={() => openModal(ModalName.passwordReset)}
        >
          Forgot password?
        </button>
      </p>
    </form>
  );
}
