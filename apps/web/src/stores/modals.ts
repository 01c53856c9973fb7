import { create } from "zustand";

/** docs/product.md §2 'Modals': the names a modal can be opened by. */
export const ModalName = {
  login: "login",
  register: "register",
  logout: "logout",
  passwordReset: "passwordReset",
  vetRegister: "vetRegister",
  generateCalendar: "generateCalendar",
} as const;
export type ModalName = (typeof ModalName)[keyof typeof ModalName];

/** docs/product.md §9: closing animates for about 190 ms before the modal leaves the page. */
export const modalCloseAnimationMs = 190;

type ModalState = {
  openModalName: ModalName | null;
  /** True while the closing animation plays. */
  isClosing: boolean;
};

export const useModalStore = create<ModalState>(() => ({ openModalName: null, isClosing: false }));

const modalNames = new Set<string>(Object.values(ModalName));
let closeTimer: ReturnType<typeof setTimeout> | undefined;
// Kept outside React state: it must be read in the click that opens the modal, before the
// dialog takes focus, and handed back once the dialog has left the page.
let focusToRestore: HTMLElement | null = null;

function isModalName(name: string): name is ModalName {
  return modalNames.has(name);
}

/**
 * Opens a modal by name. Names can come from links in server texts, so an unknown one is not an
 * error: it only warns (docs/product.md §2) and opens nothing.
 */
export function openModal(name: string): void {
  if (!isModalName(name)) {
    console.warn(`Unknown modal "${name}": nothing was opened.`);
    return;
  }
  clearTimeout(closeTimer);
  // Switching from one modal to another keeps the element that opened the first.
  if (useModalStore.getState().openModalName === null) {
    focusToRestore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  useModalStore.setState({ openModalName: name, isClosing: false });
}

export function closeModal(): void {
  const { openModalName, isClosing } = useModalStore.getState();
  if (openModalName === null || isClosing) return;
  useModalStore.setState({ isClosing: true });
  closeTimer = setTimeout(() => {
    useModalStore.setState({ openModalName: null, isClosing: false });
  }, modalCloseAnimationMs);
}

/** The element that had focus before the modal opened, once; null if none or already taken. */
export function takeFocusToRestore(): HTMLElement | null {
  const element = focusToRestore;
  focusToRestore = null;
  return element;
}

export function resetModals(): void {
  clearTimeout(closeTimer);
  focusToRestore = null;
  useModalStore.setState({ openModalName: null, isClosing: false });
}
