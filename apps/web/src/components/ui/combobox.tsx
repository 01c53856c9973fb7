import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import "./combobox.css";

export type ComboboxOption = { id: number; label: string };

/**
 * docs/product.md §9: the dropdown closes 200 ms after the field loses focus, so a tap on an option
 * lands.
 */
export const comboboxCloseDelayMs = 200;

type ComboboxProps = {
  label: ReactNode;
  placeholder: string;
  options: readonly ComboboxOption[];
  value: number | null;
  onChange: (id: number | null) => void;
  description?: ReactNode;
  error?: string;
  /** Shown in the list when the typed text matches nothing. */
  noMatchText?: string;
  /** Names the Clear button for screen readers: 'Clear {clearLabel}', e.g. 'the vet practice'. */
  clearLabel: string;
};

/** Case-insensitive substring match (docs/product.md §2 'searchable dropdown'). */
export function filterOptions(options: readonly ComboboxOption[], query: string): ComboboxOption[] {
  const needle = query.trim().toLowerCase();
  if (needle === "") return [...options];
  return options.filter((option) => option.label.toLowerCase().includes(needle));
}

/**
 * A searchable select in the ARIA 1.2 combobox pattern: the text field filters a listbox, arrow
 * keys move through it, Enter chooses, Escape closes. Focus stays in the field throughout, and
 * the highlighted option is announced through aria-activedescendant.
 */
export function Combobox({
  label,
  placeholder,
  options,
  value,
  onChange,
  description,
  error,
  noMatchText = "No matches",
  clearLabel,
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const selected = options.find((option) => option.id === value) ?? null;
  const selectedLabel = selected?.label ?? "";
  const [query, setQuery] = useState(selectedLabel);
  const [shownLabel, setShownLabel] = useState(selectedLabel);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const matches = filterOptions(options, selected && query === selected.label ? "" : query);

  // The chosen option can change from outside (a form reset, the list arriving); the text follows.
  if (selectedLabel !== shownLabel) {
    setShownLabel(selectedLabel);
    setQuery(selectedLabel);
  }

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  function open() {
    clearTimeout(closeTimer.current);
    setIsOpen(true);
  }

  function choose(option: ComboboxOption) {
    setShownLabel(option.label);
    setQuery(option.label);
    onChange(option.id);
    setIsOpen(false);
    setActiveIndex(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      open();
      setActiveIndex((index) => (matches.length === 0 ? -1 : (index + 1) % matches.length));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      open();
      setActiveIndex((index) =>
        matches.length === 0 ? -1 : (index - 1 + matches.length) % matches.length,
      );
    } else if (event.key === "Enter") {
      const option = isOpen ? matches[activeIndex] : undefined;
      // Enter in a form would otherwise submit it; here it only chooses.
      if (isOpen) event.preventDefault();
      if (option) choose(option);
    } else if (event.key === "Escape" && isOpen) {
      // Closes the list only, not the dialog around it.
      event.preventDefault();
      event.nativeEvent.stopImmediatePropagation();
      setIsOpen(false);
      setActiveIndex(-1);
    }
  }

  const activeOption = isOpen ? matches[activeIndex] : undefined;

  return (
    <div className="combobox field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {description && (
        <p id={descriptionId} className="field__hint">
          {description}
        </p>
      )}
      <div className="combobox__control">
        <input
          id={id}
          type="text"
          role="combobox"
          className="field__control"
          placeholder={placeholder}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${id}-option-${activeOption.id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [description && descriptionId, error && errorId].filter(Boolean).join(" ") || undefined
          }
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(-1);
            open();
            // Typing over a choice means it no longer stands; the typed text stays.
            if (value !== null) {
              setShownLabel("");
              onChange(null);
            }
          }}
          onFocus={open}
          onClick={open}
          onBlur={() => {
            closeTimer.current = setTimeout(() => {
              setIsOpen(false);
              setActiveIndex(-1);
            }, comboboxCloseDelayMs);
          }}
          onKeyDown={handleKeyDown}
        />
        {value !== null && (
          <button
            type="button"
            className="button button--quiet combobox__clear"
            aria-label={`Clear ${clearLabel}`}
            onClick={() => {
              setShownLabel("");
              setQuery("");
              onChange(null);
            }}
          >
            Clear
          </button>
        )}
      </div>
      <ul id={listId} role="listbox" className="combobox__list" hidden={!isOpen}>
        {matches.map((option, index) => (
          <li
            key={option.id}
            id={`${id}-option-${option.id}`}
            role="option"
            aria-selected={option.id === value}
            data-active={index === activeIndex}
            className="combobox__option"
            // Keeps focus in the field, so the blur timer does not race the choice.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.label}
          </li>
        ))}
        {matches.length === 0 && (
          <li className="combobox__empty" role="presentation">
            {noMatchText}
          </li>
        )}
      </ul>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
