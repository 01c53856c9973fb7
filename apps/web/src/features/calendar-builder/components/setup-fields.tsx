import type {
  CalendarForm,
  CalendarFormField,
  HerdStatus,
  ReferenceLists,
} from "@vaxcal/contracts";
import { checkBirthEndDate, checkYoungestBirthDate } from "@vaxcal/contracts";
import { describeBlock, resolveBirthLabel, type IsoDate } from "@vaxcal/schedule";
import { useId, type ReactNode } from "react";
import { CheckboxField, FieldGroup, TextField } from "../../../components/ui/form-fields.tsx";
import { describeChosenDate } from "../lib/calendar-dates.ts";
import { resolveBreedingWarning } from "../lib/breeding-warning.ts";
import {
  asksLungwormRisk,
  chooseAnimal,
  chooseEnterprise,
  chooseSeason,
  findHerdStatusDefault,
  findHerdStatusQuestion,
  listAnimalDiseases,
  listAnimalSeasons,
  listEnterpriseAnimals,
  needsBirthDate,
  needsBirthEndDate,
  needsBreedingDate,
  resolveBirthEndDate,
  resolveLungwormAnswer,
} from "../lib/calendar-setup.ts";
import { findYoungestAgeQuestion } from "../lib/youngest-age.ts";

type SetupFieldsProps = {
  reference: ReferenceLists;
  today: IsoDate;
  form: CalendarForm;
  /** A choice of enterprise, animal or season: a batch of fields, after which the combination is found again. */
  onChoose: (fields: Partial<CalendarForm>) => void;
  /** A date or the disease list. */
  onSetField: (name: CalendarFormField, value: unknown) => void;
};

/**
 * The rows of step 1 (docs/product.md §2 'Setup your calendar'): enterprise, animal, season (only
 * when the animal has more than one), the season start dates and the diseases. Used by the step 1
 * page, which edits the kept draft directly, and by the quick-start modal, which edits a copy.
 */
export function SetupFields({ reference, today, form, onChoose, onSetField }: SetupFieldsProps) {
  const groupName = useId();
  const animals = listEnterpriseAnimals(reference, form.enterpriseID);
  const animal = reference.animals.find((candidate) => candidate.id === form.animalID);
  const seasons = listAnimalSeasons(reference, form.enterpriseID, form.animalID);
  const season = seasons.find((candidate) => candidate.id === form.seasonID);
  const diseases = listAnimalDiseases(reference, form.animalID);
  const combination = form.animalEnterpriseSeasonCombination;
  const hasSetup = form.enterpriseID !== null && animal !== undefined && combination !== null;
  const setup = hasSetup
    ? {
        enterprise: { id: form.enterpriseID ?? 0 },
        animal: { id: animal.id, isAdult: animal.isAdult, hasBirthDate: animal.hasBirthDate },
        birthDate: needsBirthDate(animal) ? form.birthDate : null,
        breedingDate: needsBreedingDate(animal) ? form.breedingDate : null,
      }
    : null;
  const breedingWarning =
    setup && combination ? resolveBreedingWarning({ setup, combination, today }) : null;
  const birthLabel = setup ? resolveBirthLabel(setup) : null;
  const defaultsHint = season
    ? `Filled in with the usual dates for ${season.name.toLowerCase()}. Change them to match your farm.`
    : undefined;

  return (
    <div className="setup-fields">
      <FieldGroup legend="Enterprise">
        {reference.enterprises.map((enterprise) => (
          <RadioOption
            key={enterprise.id}
            name={`${groupName}-enterprise`}
            label={enterprise.name}
            isChecked={form.enterpriseID === enterprise.id}
            onChoose={() => onChoose(chooseEnterprise(form, enterprise.id, reference, today))}
          />
        ))}
      </FieldGroup>

      {form.enterpriseID !== null && (
        <FieldGroup legend="Animal">
          {animals.map((option) => (
            <RadioOption
              key={option.id}
              name={`${groupName}-animal`}
              label={option.name}
              isChecked={form.animalID === option.id}
              onChoose={() => onChoose(chooseAnimal(form, option.id, reference, today))}
            />
          ))}
        </FieldGroup>
      )}

      {seasons.length > 1 && (
        <FieldGroup legend="Season">
          {seasons.map((option) => (
            <RadioOption
              key={option.id}
              name={`${groupName}-season`}
              label={option.name}
              isChecked={form.seasonID === option.id}
              onChoose={() => onChoose(chooseSeason(form, option.id, reference, today))}
            />
          ))}
        </FieldGroup>
      )}

      {setup && animal && (
        <FieldGroup legend="Season start dates" hint={defaultsHint}>
          <div className="setup-fields__dates">
            {needsBirthDate(animal) && (
              <TextField
                label={birthLabel === "Birth" ? "Birth date" : `${birthLabel} season start date`}
                type="date"
                value={form.birthDate ?? ""}
                echo={describeChosenDate(form.birthDate)}
                onChange={(event) => onSetField("birthDate", event.target.value || null)}
              />
            )}
            {needsBirthEndDate(animal) && birthLabel !== null && (
              <BirthEndField
                birthLabel={birthLabel}
                seasonName={season?.name ?? null}
                form={form}
                defaultEnd={resolveBirthEndDate({ ...form, birthEndDate: null }, animal)}
                onSetField={onSetField}
              />
            )}
            {needsBreedingDate(animal) && (
              <TextField
                label="Breeding season start date"
                type="date"
                value={form.breedingDate ?? ""}
                echo={describeChosenDate(form.breedingDate)}
                onChange={(event) => onSetField("breedingDate", event.target.value || null)}
              />
            )}
          </div>
          {breedingWarning && (
            <p className="setup-fields__warning" role="alert">
              <span aria-hidden="true">⚠ </span>
              {breedingWarning}
            </p>
          )}
        </FieldGroup>
      )}

      {setup && (
        <FieldGroup legend="Diseases" hint="Pick the diseases to vaccinate against.">
          {diseases.map((disease) => {
            const isChecked = form.diseases.includes(disease.id);
            const question = findHerdStatusQuestion(disease, setup.animal.id);
            return (
              <div key={disease.id} className="setup-fields__disease-option">
                <CheckboxField
                  label={<DiseaseLabel name={disease.name} description={disease.desc_name} />}
                  checked={isChecked}
                  onChange={(event) =>
                    onSetField(
                      "diseases",
                      event.target.checked
                        ? [...form.diseases, disease.id]
                        : form.diseases.filter((diseaseId) => diseaseId !== disease.id),
                    )
                  }
                />
                {isChecked && asksLungwormRisk(reference, disease, setup.animal.id) && (
                  <LungwormQuestion
                    isDairy={form.enterpriseID === dairyEnterpriseId}
                    answer={resolveLungwormAnswer(form)}
                    onAnswer={(answer) => onSetField("lungwormRisk", answer)}
                  />
                )}
                {isChecked && question !== null && (
                  <HerdStatusQuestion
                    question={question}
                    status={
                      form.herdStatus?.[String(disease.id)] ??
                      findHerdStatusDefault(disease, setup.animal.id)
                    }
                    onAnswer={(status) =>
                      onSetField("herdStatus", {
                        ...form.herdStatus,
                        [String(disease.id)]: status,
                      })
                    }
                  />
                )}
              </div>
            );
          })}
          <YoungestBirthField
            reference={reference}
            today={today}
            form={form}
            onSetField={onSetField}
          />
        </FieldGroup>
      )}
    </div>
  );
}

/**
 * Decision 422: when the youngest of the group was born, optional, asked only where a ticked
 * disease's vaccine has a minimum age these animals can still be under.
 */
function YoungestBirthField({
  reference,
  today,
  form,
  onSetField,
}: Pick<SetupFieldsProps, "reference" | "today" | "form" | "onSetField">) {
  const question = findYoungestAgeQuestion(reference, form);
  if (question === null) return null;
  const answer = form.youngestBirthDate ?? null;
  return (
    <TextField
      label={question.label}
      type="date"
      isOptional
      hint={question.hint}
      value={answer ?? ""}
      max={today}
      error={checkYoungestBirthDate(answer, today) ?? undefined}
      echo={describeChosenDate(answer)}
      onChange={(event) => onSetField("youngestBirthDate", event.target.value || null)}
    />
  );
}

/**
 * Decision 416: when calving or lambing ends, optional; left empty, the season's usual length,
 * shown in words ("Spring calving: 1 February to 12 April").
 */
function BirthEndField({
  birthLabel,
  seasonName,
  form,
  defaultEnd,
  onSetField,
}: {
  birthLabel: string;
  seasonName: string | null;
  form: CalendarForm;
  defaultEnd: IsoDate | null;
  onSetField: SetupFieldsProps["onSetField"];
}) {
  const usual =
    form.birthDate !== null && defaultEnd !== null
      ? `${seasonName ?? birthLabel}: ${describeBlock({ from: form.birthDate, to: defaultEnd })}.`
      : null;
  return (
    <TextField
      label={`${birthLabel} season end date`}
      type="date"
      isOptional
      hint={
        usual === null
          ? undefined
          : `Usually ${usual.charAt(0).toLowerCase()}${usual.slice(1)} Leave it empty to use that.`
      }
      value={form.birthEndDate ?? ""}
      min={form.birthDate ?? undefined}
      error={checkBirthEndDate(form.birthDate, form.birthEndDate) ?? undefined}
      echo={describeChosenDate(form.birthEndDate ?? null)}
      onChange={(event) => onSetField("birthEndDate", event.target.value || null)}
    />
  );
}

/** The spec's fixed enterprise id of dairy farms (docs/product.md §3). */
const dairyEnterpriseId = 1;

/**
 * Decision 419: whether the calves graze where lungworm is a risk, asked beside a ticked disease
 * whose vaccine only such calves get (Huskvac). Shown with the enterprise's default until the
 * farmer answers: yes for dairy calves, no for suckler calves out with their dams (decision 415).
 */
function LungwormQuestion({
  isDairy,
  answer,
  onAnswer,
}: {
  isDairy: boolean;
  answer: boolean;
  onAnswer: (answer: boolean) => void;
}) {
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset className="setup-fields__herd-status" aria-describedby={hintId}>
      <legend className="setup-fields__herd-status-question">
        Do these calves graze where lungworm (husk) is a risk?
      </legend>
      <p id={hintId} className="field__hint">
        {isDairy
          ? "Usually yes for dairy calves, the replacements going to grass."
          : "Usually no for suckler calves out with their dams: ask your vet."}
      </p>
      <RadioOption name={name} label="Yes" isChecked={answer} onChoose={() => onAnswer(true)} />
      <RadioOption name={name} label="No" isChecked={!answer} onChoose={() => onAnswer(false)} />
    </fieldset>
  );
}

/**
 * docs/product.md §3 "Herd status": asked for a ticked disease with a primary course. "Yes" keeps
 * the boosters alone; "No" lays the course out first.
 */
/** Decision 421: bought-in stock is not an animal of its own; every question says how to answer. */
export const herdStatusHint = "Bought-in animals with no vaccination record: answer No.";

export function HerdStatusQuestion({
  question,
  status,
  onAnswer,
}: {
  question: string;
  status: HerdStatus;
  onAnswer: (status: HerdStatus) => void;
}) {
  const name = useId();
  const hintId = useId();
  return (
    <fieldset className="setup-fields__herd-status" aria-describedby={hintId}>
      <legend className="setup-fields__herd-status-question">{question}</legend>
      <p id={hintId} className="setup-fields__herd-status-hint">
        {herdStatusHint}
      </p>
      <RadioOption
        name={name}
        label="Yes"
        isChecked={status === "primed"}
        onChoose={() => onAnswer("primed")}
      />
      <RadioOption
        name={name}
        label="No, not yet"
        isChecked={status === "unprimed"}
        onChoose={() => onAnswer("unprimed")}
      />
    </fieldset>
  );
}

function DiseaseLabel({ name, description }: { name: string; description: string }) {
  return (
    <span className="setup-fields__disease">
      <span className="setup-fields__disease-name">{name}</span>
      <span className="setup-fields__disease-description">{description}</span>
    </span>
  );
}

function RadioOption({
  name,
  label,
  isChecked,
  onChoose,
}: {
  name: string;
  label: ReactNode;
  isChecked: boolean;
  onChoose: () => void;
}) {
  const id = useId();
  return (
    <div className="checkbox-field">
      <input
        id={id}
        type="radio"
        name={name}
        className="checkbox-field__control"
        checked={isChecked}
        onChange={onChoose}
      />
      <label className="checkbox-field__label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}
