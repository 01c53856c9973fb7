import { useEffect, useRef, type ComponentType } from "react";
import { ComingSoonModalBody } from "../components/ui/coming-soon.tsx";
import { Dialog } from "../components/ui/dialog.tsx";
import { LoginModalBody } from "../features/auth/components/login-modal-body.tsx";
import { LogoutModalBody } from "../features/auth/components/logout-modal-body.tsx";
import { PasswordResetModalBody } from "../features/auth/components/password-reset-modal-body.tsx";
import {
  RegisterModalBody,
  RegisterStepCounter,
} from "../features/auth/components/register/register-modal-body.tsx";
import { GenerateCalendarModal } from "./routes/calendar-builder-screens.tsx";
import { ModalName, closeModal, takeFocusToRestore, useModalStore } from "../stores/modals.ts";

type ModalEntry = { title: string; Body: ComponentType; TitleAddon?: ComponentType };

function comingSoon(name: string): ComponentType {
  return function ComingSoonBody() {
    return <ComingSoonModalBody name={name} />;
  };
}

/** Every modal by name (spec §2 'Modals'); bodies of later issues say they are coming. */
const modalRegistry: Record<ModalName, ModalEntry> = {
  [ModalName.login]: { title: "Login", Body: LoginModalBody },
  // PRODUCT.md decision 1 names the product in the register title; '(n/3)' sits beside it.
  [ModalName.register]: {
    title: "Register with VaxCal",
    Body: RegisterModalBody,
    TitleAddon: RegisterStepCounter,
  },
  [ModalName.logout]: { title: "Logout", Body: LogoutModalBody },
  [ModalName.passwordReset]: { title: "Reset your password", Body: PasswordResetModalBody },
  [ModalName.vetRegister]: {
    title: "Register your Vet Practice",
    Body: comingSoon("Vet practice registration"),
  },
  [ModalName.generateCalendar]: {
    title: "Generate a calendar",
    Body: GenerateCalendarModal,
  },
};

export function ModalHost() {
  const openModalName = useModalStore((state) => state.openModalName);
  const isClosing = useModalStore((state) => state.isClosing);
  const wasOpen = useRef(false);

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
    <Dialog
      key={openModalName}
      title={title}
      titleAddon={TitleAddon && <TitleAddon />}
      isClosing={isClosing}
      onClose={closeModal}
    >
      <Body />
    </Dialog>
  );
}
