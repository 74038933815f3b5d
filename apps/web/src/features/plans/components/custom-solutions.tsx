/** Custom-solutions contact box of /plans (requirements §2), mailing the support address. */
import { Building2, Mail } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';

/** The box; `supportEmail` comes from site config (the link is hidden until it is known). */
export function CustomSolutions({ supportEmail }: { supportEmail: string | undefined }) {
  return (
    <section
      aria-labelledby="custom-heading"
      className="mt-20 flex flex-col items-start gap-6 rounded-2xl bg-gradient-to-br from-brand-900 to-brand-700 p-8 text-white shadow-raised sm:flex-row sm:items-center sm:justify-between sm:p-10"
    >
      <div className="flex gap-4">
        <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/10">
          <Building2 aria-hidden="true" className="size-6" />
        </div>
        <div>
          <h2 id="custom-heading" className="text-xl font-semibold">
            Need a custom solution?
          </h2>
          <p className="mt-1 max-w-xl text-sm text-brand-100">
            Agencies and teams managing many accounts can get volume pricing, custom limits and a
            dedicated onboarding. Tell us what you need.
          </p>
        </div>
      </div>
      {supportEmail ? (
        <a
          href={`mailto:${supportEmail}?subject=${encodeURIComponent('Custom solution enquiry')}`}
          className={buttonClasses({
            variant: 'outline',
            className: 'border-transparent bg-white text-brand-800 hover:bg-brand-50',
          })}
        >
          <Mail aria-hidden="true" className="size-4" />
          Contact Sales
        </a>
      ) : null}
    </section>
  );
}
