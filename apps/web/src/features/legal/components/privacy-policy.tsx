/** Privacy policy text (requirements §9: 7 / 2 / 3 years retention; jurisdiction from config). */
import { RETENTION } from '@flockr/contract';
import { LEGAL_UPDATED } from './legal-texts';
import { LegalDocument, LegalSection, legalFacts, type LegalPageProps } from './legal-document';

/** The privacy policy for `productName`; `config` gives the support e-mail and jurisdiction. */
export function PrivacyPolicy({ productName, config }: LegalPageProps) {
  const { email, jurisdiction } = legalFacts(config);
  return (
    <LegalDocument title="Privacy Policy" updated={LEGAL_UPDATED}>
      <LegalSection title="1. Who we are">
        <p>
          {productName} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) sells subscriptions to a desktop
          program that automates growth of a Twitter account, and runs this website where you create
          an account, pay for a plan and download the program. This policy explains what personal
          data we collect, why, how long we keep it and what rights you have.
        </p>
      </LegalSection>
      <LegalSection title="2. Data we collect">
        <ul>
          <li>
            <strong>Account data:</strong> username, e-mail address, optional country, password
            (stored only as a salted hash) and your e-mail preferences.
          </li>
          <li>
            <strong>Payment records:</strong> orders, plan, amount, currency, status and dates. Card
            details are entered on the payment provider&rsquo;s page and never reach our servers.
          </li>
          <li>
            <strong>Usage logs:</strong> sign-ins, downloads (version and time) and technical data
            such as IP address and browser type, used for security and to keep the service running.
          </li>
          <li>
            <strong>Support communications:</strong> messages you send us and our replies.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="3. Why we use it">
        <p>
          We use your data to provide the service you pay for (account, payments, downloads), to
          keep it secure, to meet our legal and accounting obligations, and to send you product news
          and offers. The box for these e-mails is ticked when you register: untick it there, or
          switch them off at any time in your profile (Notifications).
        </p>
      </LegalSection>
      <LegalSection title="4. How long we keep it">
        <ul>
          <li>
            Payment records are kept for {RETENTION.paymentRecordsYears} years, as tax and
            accounting law requires.
          </li>
          <li>Usage logs are kept for {RETENTION.usageLogsYears} years.</li>
          <li>
            Support communications are kept for {RETENTION.supportCommunicationsYears} years after
            the conversation ends.
          </li>
          <li>
            Account data is kept while your account exists and deleted when you ask us to close it,
            except where the periods above require us to keep a record.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="5. Sharing">
        <p>
          We do not sell your data. We share it only with providers that help us run the service
          (hosting, payment processing, e-mail delivery), under contracts that oblige them to
          protect it, and with authorities where the law requires it.
        </p>
      </LegalSection>
      <LegalSection title="6. Your rights">
        <p>
          You may ask for a copy of your data, ask us to correct or delete it, object to marketing
          and withdraw any consent you gave.{' '}
          {email ? (
            <>
              Write to{' '}
              <a href={`mailto:${email}`} className="font-medium text-brand-700 underline">
                {email}
              </a>{' '}
              and we will answer within 30 days.
            </>
          ) : (
            'Contact our support team and we will answer within 30 days.'
          )}
        </p>
      </LegalSection>
      <LegalSection title="7. Cookies and local storage">
        <p>
          We store your sign-in token in your browser&rsquo;s local storage so you stay signed in.
          We do not use advertising or tracking cookies.
        </p>
      </LegalSection>
      <LegalSection title="8. Governing law and changes">
        <p>
          This policy is governed by the laws of {jurisdiction}. If we change it materially we will
          tell you by e-mail or on this site before the change takes effect.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
