import { enterpriseNames, farmSizeBands, type ParsedRegisterRequest } from "@vaxcal/contracts";
import { useEffect } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import {
  CheckboxField,
  FieldGroup,
  SelectField,
  type SelectOption,
} from "../../../../components/ui/form-fields.tsx";
import { hasFlock, hasHerd, listAnimalsFor } from "../../../../lib/farm-profile.ts";
import type { RegisterFormValues } from "./register-form.ts";

type RegisterForm = UseFormReturn<RegisterFormValues, unknown, ParsedRegisterRequest>;

const sizeOptions: SelectOption[] = farmSizeBands.map((band) => ({ value: band, label: band }));
const emptyToNull = (value: string) => (value === "" ? null : value);

/** Spec §2 register step 3: enterprises, then their animals and herd or flock size. */
export function RegisterStepFarm({ form }: { form: RegisterForm }) {
  const {
    register,
    getValues,
    setValue,
    trigger,
    formState: { errors },
  } = form;
  const enterprises = useWatch({ control: form.control, name: "user_enterprises" }) ?? [];
  const animals = listAnimalsFor(enterprises);
  const showsHerd = hasHerd(enterprises);
  const showsFlock = hasFlock(enterprises);
  const enterprisesKey = enterprises.join();

  // What is no longer offered is no longer chosen, so hidden answers are never sent.
  useEffect(() => {
    const ticked = enterprisesKey === "" ? [] : enterprisesKey.split(",");
    const offered = listAnimalsFor(ticked);
    const chosen = getValues("user_animals") ?? [];
    const kept = chosen.filter((animal) => (offered as string[]).includes(animal));
    if (kept.length !== chosen.length) setValue("user_animals", kept);
    if (!hasHerd(ticked) && getValues("herd_size")) setValue("herd_size", null);
    if (!hasFlock(ticked) && getValues("flock_size")) setValue("flock_size", null);
  }, [enterprisesKey, getValues, setValue]);

  const recheckSizes = () => {
    if (errors.herd_size || errors.flock_size) void trigger(["herd_size", "flock_size"]);
  };

  return (
    <>
      <FieldGroup
        legend="Select your enterprise and animals:"
        error={errors.user_enterprises?.message}
      >
        {enterpriseNames.map((name) => (
          <CheckboxField
            key={name}
            label={name}
            value={name}
            {...register("user_enterprises", { onChange: recheckSizes })}
          />
        ))}
      </FieldGroup>
      {animals.length > 0 && (
        <FieldGroup legend="Animals" error={errors.user_animals?.message}>
          {animals.map((name) => (
            <CheckboxField key={name} label={name} value={name} {...register("user_animals")} />
          ))}
        </FieldGroup>
      )}
      {showsHerd && (
        <SelectField
          label="Herd size"
          placeholder="Select herd size"
          options={sizeOptions}
          error={errors.herd_size?.message}
          {...register("herd_size", { setValueAs: emptyToNull, onChange: recheckSizes })}
        />
      )}
      {showsFlock && (
        <SelectField
          label="Flock size"
          placeholder="Select flock size"
          options={sizeOptions}
          error={errors.flock_size?.message}
          {...register("flock_size", { setValueAs: emptyToNull, onChange: recheckSizes })}
        />
      )}
    </>
  );
}
