import { useEffect, useRef, type ComponentType } from "react";
import { Dialog } from "../components/ui/dialog.tsx";
import { ErrorState, LoadingState } from "../components/ui/status-panels.tsx";
import { LogoutModalBody } from "../features/auth/components/logout-modal-body.tsx";
import { ModalName, closeModal, takeFocusToRestore, useModalStore } from "../stores/modals.ts";
import { LoadErrorBoundary, lazyComponent, reopenModalAfterReload } from "./lazy-component.tsx";
import { GenerateCalendarModal } from "./routes/calendar-builder-screens.tsx";
import { unexpectedErrorMessage } from "./routes/error-page.tsx";

type ModalEntry = { title: string; Body: ComponentType; TitleAddon?: ComponentType };

/*
 * The forms (react-hook-form, and libphonenumber-js in the register wizard) download when their
 * modal first opens, not with the landing page. Logout's body is a few
 * hundred bytes: a download of their own would only add a wait.
 */
const loadingBody = <LoadingState label="Loading…" />;
const LoginModalBody = lazyComponent(() => {
  // A farmer's login ends on This week (decision 603): its code downloads while the form is
  // filled in, not after the login (decision 711). A failed download here is tried again there.
  import("../features/calendars/components/farm-week-page.tsx").catch(() => undefined);
  return import("../features/auth/components/login-modal-body.tsx").then(
    (module) => module.LoginModalBody,
  );
}, loadingBody);
const PasswordResetModalBody = lazyComponent(
  () =>
    import("../features/auth/components/password-reset-modal-body.tsx").then(
      (module) => module.PasswordResetModalBody,
    ),
  loadingBody,
);
const RegisterModalBody = lazyComponent(
  () =>
    import("../features/auth/components/register/register-modal-body.tsx").then(
      (module) => module.RegisterModalBody,
    ),
  loadingBody,
);
// The counter comes with the wizard's code; until then the title shows without it.
const RegisterStepCounter = lazyComponent(
  () =>
    import("../features/auth/components/register/register-modal-body.tsx").then(
      (module) => module.RegisterStepCounter,
    ),
  null,
);

const VetRegisterModalBody = lazyComponent(
  () =>
    import("../features/vet-practices/components/vet-register-modal-body.tsx").then(
      (module) => module.VetRegisterModalBody,
    ),
  loadingBody,
);
const VetRegisterStepCounter = lazyComponent(
  () =>
    import("../features/vet-practices/components/vet-register-modal-body.tsx").then(
      (module) => module.VetRegisterStepCounter,
    ),
  null,
);

/**
 * Every modal by name (docs/product.md §2 'Modals').
 */
const modalRegistry: Record<ModalName, ModalEntry> = {
  [ModalName.login]: { title: "Login", Body: LoginModalBody },
  // docs/product.md D1 names the product in the register title; '(n/3)' sits beside it.
  [ModalName.register]: {
    title: "Register with VaxCal",
    Body: RegisterModalBody,
    TitleAddon: RegisterStepCounter,
  },
  [ModalName.logout]: { title: "Logout", Body: LogoutModalBody },
  [ModalName.passwordReset]: { title: "Reset your password", Body: PasswordResetModalBody },
  [ModalName.vetRegister]: {
    title: "Register your vet practice",
    Body: VetRegisterModalBody,
    TitleAddon: VetRegisterStepCounter,
  },
  [ModalName.generateCalendar]: {
    // One name with the buttons that open it (decision 430).
    title: "Create your calendar",
    Body: GenerateCalendarModal,
  },
};

export function ModalHost() {
  const openModalName = useModalStore((state) => state.openModalName);
  const isClosing = useModalStore((state) => state.isClosing);
  const wasOpen = useRef(false);

  useEffect(reopenModalAfterReload, []);

  // Runs after the page behind has left its inert state, when it can take focus again.
  useEffect(() => {
    if (openModalName !== null) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const opener = takeFocusToRestore();
    // The opener can be gone (logging out swaps the header): then start again at the content.
    if (opener?.isConnected) opener.focus();
    else document.getElementById("main")?.focus();
  }, [openModalName]);

  if (openModalName === null) return null;
  const { title, Body, TitleAddon } = modalRegistry[openModalName];
  return (
    <LoadErrorBoundary
      key={openModalName}
      // The modal's code did not arrive: the modal stays open and offers to try again.
      renderLoadError={(retry) => (
        <Dialog title={title} isClosing={isClosing} onClose={closeModal}>
          <ErrorState message={unexpectedErrorMessage} onRetry={retry} />
        </Dialog>
      )}
    >
      <Dialog
        title={title}
        titleAddon={TitleAddon && <TitleAddon />}
        isClosing={isClosing}
        onClose={closeModal}
      >
        <Body />
      </Dialog>
    </LoadErrorBoundary>
  );
}
