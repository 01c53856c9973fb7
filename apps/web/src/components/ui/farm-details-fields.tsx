import { enterpriseNames, farmSizeBands } from "@vaxcal/contracts";
import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { hasFlock, hasHerd, listAnimalsFor } from "../../lib/farm-profile.ts";
import { CheckboxField, FieldGroup, SelectField, type SelectOption } from "./form-fields.tsx";

const sizeOptions: SelectOption[] = farmSizeBands.map((band) => ({ value: band, label: band }));

type FarmDetailsFieldsProps = {
  /** The enterprises ticked so far: they decide which animals and sizes are asked. */
  enterprises: readonly string[];
  enterprisesLegend: string;
  /** Each checkbox registers itself, so the form keeps one ref for each. */
  registerEnterprise: () => UseFormRegisterReturn;
  registerAnimal: () => UseFormRegisterReturn;
  herdSize: UseFormRegisterReturn;
  flockSize: UseFormRegisterReturn;
  errors: {
    enterprises?: string;
    animals?: string;
    herdSize?: string;
    flockSize?: string;
  };
  /** Settings puts the two sizes side by side; registration stacks them. */
  areSizesSideBySide?: boolean;
};

/**
 * The farm profile of registration and settings (docs/product.md §3 'Enterprise options'):
 * enterprises, then the animals they keep, and herd or flock size for the enterprises that have
 * one.
 */
export function FarmDetailsFields({
  enterprises,
  enterprisesLegend,
  registerEnterprise,
  registerAnimal,
  herdSize,
  flockSize,
  errors,
  areSizesSideBySide = false,
}: FarmDetailsFieldsProps) {
  const animals = listAnimalsFor(enterprises);
  const sizes: ReactNode = (
    <>
      {hasHerd(enterprises) && (
        <SelectField
          label="Herd size"
          placeholder="Select herd size"
          options={sizeOptions}
          error={errors.herdSize}
          {...herdSize}
        />
      )}
      {hasFlock(enterprises) && (
        <SelectField
          label="Flock size"
          placeholder="Select flock size"
          options={sizeOptions}
          error={errors.flockSize}
          {...flockSize}
        />
      )}
    </>
  );

  return (
    <>
      <FieldGroup legend={enterprisesLegend} error={errors.enterprises}>
        {enterpriseNames.map((name) => (
          <CheckboxField key={name} label={name} value={name} {...registerEnterprise()} />
        ))}
      </FieldGroup>
      {animals.length > 0 && (
        <FieldGroup legend="Animals" error={errors.animals}>
          {animals.map((name) => (
            <CheckboxField key={name} label={name} value={name} {...registerAnimal()} />
          ))}
        </FieldGroup>
      )}
      {areSizesSideBySide ? <div className="field-row">{sizes}</div> : sizes}
    </>
  );
}
