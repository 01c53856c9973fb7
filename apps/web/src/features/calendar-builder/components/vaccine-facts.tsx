import { listRouteNames, type ScopedVaccine } from "@vaxcal/contracts";

/** The product facts of a popup: logo, pack sizes, how it is given, and the SPC link. */
export function VaccineFacts({ vaccine }: { vaccine: ScopedVaccine }) {
  return (
    <div className="vaccine-facts">
      <img
        className="vaccine-facts__logo"
        src={vaccine.logo_url}
        alt={`${vaccine.name} logo`}
        width={56}
        height={56}
      />
      <dl className="vaccine-facts__list">
        <div>
          <dt>Vaccine</dt>
          <dd>{vaccine.name}</dd>
        </div>
        <div>
          <dt>Pack sizes</dt>
          <dd>{vaccine.size_info}</dd>
        </div>
        <div>
          <dt>Given</dt>
          <dd>{listRouteNames(vaccine.vaccine_type).join(", ")}</dd>
        </div>
      </dl>
      <p className="vaccine-facts__link">
        <a href={vaccine.product_spc_url} target="_blank" rel="noopener noreferrer">
          Click here to read more
          <span className="visually-hidden"> about {vaccine.name} (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}

/** docs/product.md §2: collapsible generic advice for the disease's vaccine. */
export function VaccineAdvice({ vaccine }: { vaccine: ScopedVaccine }) {
  return (
    <details className="vaccine-advice">
      <summary>About {vaccine.name}</summary>
      <p>{vaccine.information}</p>
      {vaccine.warning_message && (
        <p>
          <strong>Take care: </strong>
          {vaccine.warning_message}
        </p>
      )}
    </details>
  );
}
