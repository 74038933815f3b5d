/** The three how-it-works steps of the landing page (requirements §1). */
import { Container } from '../../../components/ui/page';

/** Step titles and their sentences. */
export const STEPS = [
  {
    title: 'Connect Account',
    text: 'Install the app and sign in to your Twitter account. Your credentials stay on your computer.',
  },
  {
    title: 'Set Targets',
    text: 'Choose the keywords, hashtags and accounts whose audience you want to reach, and set daily limits.',
  },
  {
    title: 'Watch It Grow',
    text: 'The app engages for you around the clock while the dashboard shows your new followers.',
  },
] as const;

/** The how-it-works section. */
export function HowItWorks() {
  return (
    <section
      aria-labelledby="how-heading"
      className="border-y border-slate-200 bg-white py-20 sm:py-24"
    >
      <Container>
        <h2
          id="how-heading"
          className="text-center text-3xl font-bold tracking-tight text-slate-900"
        >
          How it works
        </h2>
        <ol className="mt-14 grid gap-10 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="text-center">
              <span
                aria-hidden="true"
                className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white shadow-sm"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mx-auto mt-2 max-w-xs text-sm leading-6 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
