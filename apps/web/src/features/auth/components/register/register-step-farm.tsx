import type { ParsedRegisterRequest } from "@vaxcal/contracts";
import { useEffect } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { FarmDetailsFields } from "../../../../components/ui/farm-details-fields.tsx";
import { emptyToNull, hasFlock, hasHerd, listAnimalsFor } from "../../../../lib/farm-profile.ts";
import type { RegisterFormValues } from "./register-form.ts";

type RegisterForm = UseFormReturn<RegisterFormValues, unknown, ParsedRegisterRequest>;

/** docs/product.md §2: enterprises, then their animals and herd or flock size (on step 1, decision 429). */
export function RegisterStepFarm({ form }: { form: RegisterForm }) {
  const {
    register,
    getValues,
    setValue,
    trigger,
    formState: { errors },
  } = form;
  const enterprises = useWatch({ control: form.control, name: "user_enterprises" }) ?? [];
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
    <FarmDetailsFields
      enterprises={enterprises}
      enterprisesLegend="Select your enterprise and animals:"
      registerEnterprise={() => register("user_enterprises", { onChange: recheckSizes })}
      registerAnimal={() => register("user_animals")}
      herdSize={register("herd_size", { setValueAs: emptyToNull, onChange: recheckSizes })}
      flockSize={register("flock_size", { setValueAs: emptyToNull, onChange: recheckSizes })}
      errors={{
        enterprises: errors.user_enterprises?.message,
        animals: errors.user_animals?.message,
        herdSize: errors.herd_size?.message,
        flockSize: errors.flock_size?.message,
      }}
    />
  );
}
