/** Any unknown route. */
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Container } from '../../components/ui/page';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The 404 page. */
export default function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <Container className="flex flex-1 flex-col items-center justify-center py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-3 max-w-md text-slate-600">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        Back to Home
      </Link>
    </Container>
  );
}
