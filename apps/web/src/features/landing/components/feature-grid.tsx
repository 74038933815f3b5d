/** The six feature blurbs of the landing page (requirements §1), in the section id="features". */
import { BarChart3, CalendarClock, Crosshair, ShieldCheck, Sparkles, Wand2 } from 'lucide-react';
import { Container } from '../../../components/ui/page';

/** Feature names and their sentences. */
export const FEATURES = [
  {
    icon: Wand2,
    title: 'Smart Automation',
    text: 'Follows, likes and replies run on their own with human-like pacing, so growth never waits for you.',
  },
  {
    icon: Crosshair,
    title: 'Advanced Targeting',
    text: 'Reach people by keyword, hashtag, location or the followers of accounts like yours.',
  },
  {
    icon: BarChart3,
    title: 'Analytics Dashboard',
    text: 'See follower growth, engagement and the actions that work best, day by day.',
  },
  {
    icon: ShieldCheck,
    title: 'Account Safety',
    text: 'Daily limits, random delays and automatic pauses keep your account within safe bounds.',
  },
  {
    icon: CalendarClock,
    title: 'Smart Scheduling',
    text: 'Run campaigns when your audience is online and rest when it sleeps.',
  },
  {
    icon: Sparkles,
    title: 'Content Optimization',
    text: 'Learn which posts and hashtags draw engagement and get suggestions for the next one.',
  },
] as const;

/** The features section (target of the footer's /#features link). */
export function FeatureGrid() {
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="scroll-mt-20 py-20 sm:py-24"
    >
      <Container>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Everything you need to grow
          </h2>
          <p className="mt-3 text-lg text-slate-600">
            One app that does the repetitive work of building an audience.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
            >
              <div className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Icon aria-hidden="true" className="size-5" />
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
