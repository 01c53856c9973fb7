import { LogoMark } from "../../components/ui/logo.tsx";
import { env } from "../../config/env.ts";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <a className="site-footer__company" href={env.VITE_COMPANY_URL}>
          <LogoMark size={32} />
          <span>{env.VITE_COMPANY_NAME}</span>
        </a>
        <p className="site-footer__tagline">
          Vaccination calendars for cattle and sheep farms in Ireland and Northern Ireland.
        </p>
        <p className="site-footer__copyright">
          © {year} {env.VITE_COMPANY_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
