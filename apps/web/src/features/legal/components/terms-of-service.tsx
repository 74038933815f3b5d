/** Terms of service (requirements §9: 30 days' notice of price changes, non-refundable fees). */
import { Link } from 'react-router';
import { RETENTION, SUPPORT_REPLY_HOURS } from '@flockr/contract';
import { LEGAL_UPDATED } from './legal-texts';
import { LegalDocument, LegalSection, legalFacts, type LegalPageProps } from './legal-document';

/** The terms for `productName`; `config` gives the support e-mail and jurisdiction. */
export function TermsOfService({ productName, config }: LegalPageProps) {
  const { email, jurisdiction } = legalFacts(config);
  return (
    <LegalDocument title="Terms of Service" updated={LEGAL_UPDATED}>
      <LegalSection title="1. Agreement">
        <p>
          These terms govern your use of the {productName} website and desktop program. By creating
          an account you accept them. If you do not agree, do not use the service.
        </p>
      </LegalSection>
      <LegalSection title="2. Your account">
        <p>
          You must give accurate information, keep your password secret and are responsible for
          everything done with your account. Tell us at once if you suspect unauthorised use. We may
          suspend accounts that break these terms.
        </p>
      </LegalSection>
      <LegalSection title="3. Subscriptions and payment">
        <ul>
          <li>Plans are sold for one month or twelve months and are paid in advance.</li>
          <li>Downloading the program requires an active subscription.</li>
          <li>
            We announce price changes at least {RETENTION.priceChangeNoticeDays} days before they
            take effect. A new price applies only from your next period.
          </li>
          <li>
            Fees are non-refundable, including for partly used periods, except where the law says
            otherwise.
          </li>
          <li>
            Subscriptions do not renew or charge you by themselves: each payment covers the month or
            year you chose, and you renew when you choose to. Your access continues until the end of
            the period you paid for. We keep payment records for {RETENTION.paymentRecordsYears}{' '}
            years (see our{' '}
            <Link to="/privacy" className="font-medium text-brand-700 underline">
              Privacy Policy
            </Link>
            ).
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="4. Licence">
        <p>
          While your subscription is active we grant you a personal, non-transferable licence to
          install and use the program. You may not resell, redistribute, reverse engineer or remove
          notices from it.
        </p>
      </LegalSection>
      <LegalSection title="5. Acceptable use">
        <p>
          You are responsible for how you use the program and must follow the rules of the social
          network you automate. Do not use it for spam, harassment, fraud or any unlawful purpose.
          Automation carries a risk that the network limits or suspends your account; we are not
          liable for such actions.
        </p>
      </LegalSection>
      <LegalSection title="6. Availability and liability">
        <p>
          We work to keep the service available but provide it &ldquo;as is&rdquo;. To the extent
          the law allows, our total liability is limited to the fees you paid in the twelve months
          before the claim.
        </p>
      </LegalSection>
      <LegalSection title="7. Support">
        <p>
          {email ? (
            <>
              Write to{' '}
              <a href={`mailto:${email}`} className="font-medium text-brand-700 underline">
                {email}
              </a>
              .{' '}
            </>
          ) : null}
          We aim to reply within {SUPPORT_REPLY_HOURS} hours.
        </p>
      </LegalSection>
      <LegalSection title="8. Governing law">
        <p>
          These terms are governed by the laws of {jurisdiction}, and its courts have jurisdiction
          over any dispute, unless the law of your country of residence gives you other rights.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
