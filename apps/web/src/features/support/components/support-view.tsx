/**
 * /support (requirements §2): e-mail support with the 24-hour reply claim, Discord and Telegram
 * marked Coming Soon, and an FAQ of four questions.
 */
import { Link } from 'react-router';
import { ChevronDown, Mail, MessageCircle, Send } from 'lucide-react';
import { SUPPORT_REPLY_HOURS, type SiteConfig } from '@flockr/contract';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** The four FAQ entries. */
export const FAQ = [
  {
    question: 'How do I download the app after subscribing?',
    answer:
      'As soon as your payment is confirmed, sign in and use Download in the header or Download Software in your account menu for the latest version. The Download Centre in your account menu lists every version with its checksum and can e-mail you the link.',
  },
  {
    question: 'Can I cancel my subscription at any time?',
    answer:
      'Yes. Nothing renews or is charged by itself: each payment covers one month or one year, and you keep full access until the end of the period you paid for. Renew any time from Plans. Fees already paid are not refunded.',
  },
  {
    question: 'What happens if I close the payment page before paying?',
    answer:
      'Your order stays in Order History as pending. Open it there and use Pay Now or scan its QR code to finish paying before it expires.',
  },
  {
    question: 'Is automation safe for my Twitter account?',
    answer:
      'The app paces its actions with human-like delays and daily limits you control. Start with conservative limits and raise them gradually as your account grows.',
  },
] as const;

/** A channel card. */
function ChannelCard({
  icon: Icon,
  title,
  text,
  children,
  comingSoon,
}: {
  icon: typeof Mail;
  title: string;
  text: string;
  children?: React.ReactNode;
  comingSoon?: boolean;
}) {
  return (
    <Card className="flex flex-col p-6">
      <div className="flex items-center justify-between gap-2">
        <div className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <Icon aria-hidden="true" className="size-5" />
        </div>
        {comingSoon ? <Badge tone="neutral">Coming Soon</Badge> : null}
      </div>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 flex-1 text-sm text-slate-600">{text}</p>
      {children ? <div className="mt-5">{children}</div> : null}
    </Card>
  );
}

/** The support page body; `config` is undefined until site config has loaded. */
export function SupportView({ config }: { config: SiteConfig | undefined }) {
  const emailEnabled = config ? config.email_support_enabled : true;
  return (
    <>
      <div className="grid gap-6 md:grid-cols-3">
        <ChannelCard
          icon={Mail}
          title="Email Support"
          text={`We reply within ${SUPPORT_REPLY_HOURS} hours, every day of the week.`}
          comingSoon={!emailEnabled}
        >
          {config && emailEnabled ? (
            <a href={`mailto:${config.support_email}`} className={buttonClasses({ full: true })}>
              <Mail aria-hidden="true" className="size-4" />
              {config.support_email}
            </a>
          ) : null}
        </ChannelCard>
        <ChannelCard
          icon={MessageCircle}
          title="Discord"
          text="Chat with other users and our team in the community server."
          comingSoon={!config?.discord_enabled}
        />
        <ChannelCard
          icon={Send}
          title="Telegram"
          text="Quick answers and release announcements in our Telegram channel."
          comingSoon={!config?.telegram_enabled}
        />
      </div>

      <section aria-labelledby="faq-heading" className="mt-16">
        <h2 id="faq-heading" className="text-2xl font-bold text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-card">
          {FAQ.map((item) => (
            <details key={item.question} className="group px-5 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="pb-5 text-sm leading-6 text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
        <p className="mt-6 text-sm text-slate-600">
          Looking for release notes? See the{' '}
          <Link to="/changelog" className="font-medium text-brand-700 underline underline-offset-2">
            changelog
          </Link>
          .
        </p>
      </section>
    </>
  );
}
