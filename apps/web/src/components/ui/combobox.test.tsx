import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Combobox, comboboxCloseDelayMs, filterOptions } from "./combobox.tsx";

const practices = [
  { id: 1, label: "Riverside Veterinary" },
  { id: 2, label: "Hillview Vets" },
  { id: 3, label: "Shannon River Clinic" },
];

function Picker({ onChange = () => {} }: { onChange?: (id: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <Combobox
      label="Vet practice"
      placeholder="Search for a vet..."
      options={practices}
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
      clearLabel="the vet practice"
    />
  );
}

describe("filterOptions (docs/product.md §2 'searchable dropdown')", () => {
  it("matches a substring whatever its case", () => {
    expect(filterOptions(practices, "rIvEr").map((option) => option.id)).toEqual([1, 3]);
    expect(filterOptions(practices, "VIEW").map((option) => option.id)).toEqual([2]);
    expect(filterOptions(practices, "  ")).toHaveLength(3);
    expect(filterOptions(practices, "cork")).toEqual([]);
  });
});

describe("Combobox", () => {
  afterEach(() => vi.useRealTimers());

  it("filters as you type, moves with the arrow keys and chooses with Enter", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Picker onChange={onChange} />);
    const input = screen.getByRole("combobox", { name: "Vet practice" });

    await user.type(input, "river");
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Riverside Veterinary",
      "Shannon River Clinic",
    ]);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    const active = screen.getByRole("option", { name: "Shannon River Clinic" });
    expect(input).toHaveAttribute("aria-activedescendant", active.id);
    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute(
      "aria-activedescendant",
      screen.getByRole("option", { name: "Riverside Veterinary" }).id,
    );
    await user.keyboard("{ArrowUp}{Enter}");

    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(input).toHaveValue("Shannon River Clinic");
    expect(input).toHaveAttribute("aria-expanded", "false");
  });

  it("chooses an option by tap and clears the choice with Clear", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Picker onChange={onChange} />);
    await user.click(screen.getByRole("combobox"));
    await user.click(screen.getByRole("option", { name: "Hillview Vets" }));
    expect(onChange).toHaveBeenLastCalledWith(2);

    await user.click(screen.getByRole("button", { name: "Clear the vet practice" }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole("combobox")).toHaveValue("");
  });

  it("says so when nothing matches", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.type(screen.getByRole("combobox"), "cork");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    expect(screen.getByText("No matches")).toBeVisible();
  });

  it("closes 200 ms after the field loses focus", async () => {
    const user = userEvent.setup();
    render(
      <>
        <Picker />
        <button type="button">Elsewhere</button>
      </>,
    );
    const input = screen.getByRole("combobox");
    await user.click(input);
    expect(input).toHaveAttribute("aria-expanded", "true");

    // The close timer starts on blur, so the clock is faked from here on.
    vi.useFakeTimers();
    act(() => screen.getByRole("button", { name: "Elsewhere" }).focus());
    act(() => vi.advanceTimersByTime(comboboxCloseDelayMs - 1));
    expect(input).toHaveAttribute("aria-expanded", "true");
    act(() => vi.advanceTimersByTime(1));
    expect(input).toHaveAttribute("aria-expanded", "false");
  });

  it("closes its list on Escape without letting the key reach the page", async () => {
    const onDocumentEscape = vi.fn();
    document.addEventListener("keydown", onDocumentEscape);
    const user = userEvent.setup();
    render(<Picker />);
    await user.click(screen.getByRole("combobox"));

    await user.keyboard("{Escape}");

    expect(screen.getByRole("combobox")).toHaveAttribute("aria-expanded", "false");
    expect(onDocumentEscape.mock.calls.some(([event]) => !event.defaultPrevented)).toBe(false);
    document.removeEventListener("keydown", onDocumentEscape);
  });
});
