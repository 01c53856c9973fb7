import { useVets } from "../../lib/vets.ts";
import { Combobox } from "./combobox.tsx";

type VetPickerProps = {
  value: number | null;
  onChange: (vetId: number | null) => void;
  error?: string;
  /** Registration says the choice can wait for settings; settings itself cannot say that. */
  canChooseLater?: boolean;
};

/**
 * The vet practice search of registration and settings (docs/product.md §2), shown on pre-launch
 * hosts.
 */
export function VetPicker({ value, onChange, error, canChooseLater = false }: VetPickerProps) {
  const vets = useVets({ isEnabled: true });
  // docs/product.md §2: only registered practices, each with its town.
  const options = (vets.data ?? []).map((vet) => ({
    id: vet.id,
    label: vet.town ? `${vet.vet_practice_name}, ${vet.town}` : vet.vet_practice_name,
  }));
  const noMatchText = vets.isPending
    ? "Loading vet practices…"
    : vets.isError
      ? canChooseLater
        ? "The vet practices could not be loaded. You can choose one later in your settings."
        : "The vet practices could not be loaded. Please try again later."
      : canChooseLater
        ? "No vet practice matches. Check the spelling, or choose one later in your settings."
        : "No vet practice matches. Check the spelling.";

  return (
    <Combobox
      label="Do you want to share your calendars with your vet?"
      placeholder="Search for a vet..."
      description="The vet practice you choose can view and edit your calendars and will receive notifications when your vaccinations are due."
      options={options}
      value={value}
      onChange={onChange}
      error={error}
      noMatchText={noMatchText}
      clearLabel="the vet practice"
    />
  );
}
