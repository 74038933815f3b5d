/** `/plans` (requirements §2). */
import { Container } from '../../components/ui/page';
import { PlansView } from '../../features/plans/components/plans-view';
import { PUBLIC_PAGES } from '../../lib/public-pages';
import { usePageMeta } from '../../lib/use-document-title';

/** The plans page. */
export default function PlansRoute() {
  usePageMeta(PUBLIC_PAGES.plans);
  return (
    <Container className="py-14 sm:py-20">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Pricing</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          Simple plans that grow with you
        </h1>
        <p className="mt-4 text-lg text-slate-600">
          Pay monthly or save with a yearly plan. Every paid plan includes all app updates.
        </p>
      </div>
      <PlansView />
    </Container>
  );
}
