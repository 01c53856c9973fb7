import {
  registrationCountries,
  republicCounties,
  type ParsedRegisterRequest,
} from "@vaxcal/contracts";
import { useId, useState } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { AddressFields } from "../../../../components/ui/address-fields.tsx";
import {
  SelectField,
  TextField,
  type SelectOption,
} from "../../../../components/ui/form-fields.tsx";
import { addressFields, type RegisterFieldName, type RegisterFormValues } from "./register-form.ts";

type RegisterForm = UseFormReturn<RegisterFormValues, unknown, ParsedRegisterRequest>;

const toOptions = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

/**
 * Decision 429: the farm name and postal address are optional at sign-up, folded away under one
 * button that says what they are for. They open by themselves when one holds a value or an error.
 */
export function RegisterAddress({ form }: { form: RegisterForm }) {
  const {
    register,
    setValue,
    getValues,
    trigger,
    formState: { errors },
  } = form;
  const panelId = useId();
  // The country has a default, so only what the farmer typed opens the panel.
  const [isOpen, setOpen] = useState(() =>
    addressFields.some((name) => name !== "country" && Boolean(getValues(name))),
  );
  const country = useWatch({ control: form.control, name: "country" });
  const isIreland = country === "Ireland";
  const isShown = isOpen || addressFields.some((name) => errors[name]);

  const recheck = (name: RegisterFieldName) => {
    if (errors[name]) void trigger(name);
  };
  const field = (name: RegisterFieldName) => register(name, { onChange: () => recheck(name) });

  return (
    <div className="register-address">
      <button
        type="button"
        className="button button--secondary register-address__toggle"
        aria-expanded={isShown}
        aria-controls={panelId}
        onClick={() => setOpen(!isShown)}
      >
        Add your farm name and address (optional)
      </button>
      <div id={panelId} hidden={!isShown}>
        {isShown && (
          <>
            <p className="field__hint">
              Nothing is posted to you. If you link a vet practice, your vet practice sees your town
              and county beside your name. You can add or change them later in Settings.
            </p>
            <AddressFields
              registerField={field}
              errors={errors}
              eircodeLabel={isIreland ? "Eircode" : "Eircode or postcode"}
              eircodeAutoCapitalize="characters"
            />
            <div className="field-row">
              <SelectField
                label="Country"
                options={toOptions(registrationCountries)}
                error={errors.country?.message}
                {...register("country", {
                  onChange: (event: { target: { value: string } }) => {
                    const county = getValues("county") ?? "";
                    const isListed = (republicCounties as readonly string[]).includes(county);
                    // docs/product.md §4: leaving Ireland clears the county; a free-text one does
                    // not fit the list.
                    if (event.target.value !== "Ireland" || !isListed) {
                      setValue("county", "", { shouldValidate: Boolean(errors.county) });
                    }
                    recheck("country");
                  },
                })}
              />
              {isIreland ? (
                <SelectField
                  key="county-select"
                  label="County"
                  isOptional
                  placeholder="Select county"
                  options={toOptions(republicCounties)}
                  error={errors.county?.message}
                  {...field("county")}
                />
              ) : (
                <TextField
                  key="county-text"
                  label="County"
                  isOptional
                  autoComplete="address-level1"
                  error={errors.county?.message}
                  {...field("county")}
                />
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
