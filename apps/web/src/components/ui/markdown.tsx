/**
 * Markdown as the changelog shows it: react-markdown without raw HTML (no rehype-raw), so HTML in
 * the text shows as text and no markup or script can be injected. react-markdown and its parser
 * load on first use, inside a Suspense boundary: while the server's HTML is hydrated it stays as
 * it is until the code arrives; a page that opens markdown later shows placeholder lines meanwhile.
 */
import { lazy, Suspense } from 'react';
import { LoadingRegion, SkeletonLines } from './skeleton';

/** react-markdown, loaded when markdown is first shown. */
const ReactMarkdown = lazy(() => import('react-markdown'));

/** Renders `children` (markdown text) as HTML elements; placeholder lines while the code loads. */
export function Markdown({ children }: { children: string }) {
  return (
    <Suspense
      fallback={
        <LoadingRegion label="Loading…">
          <SkeletonLines count={3} />
        </LoadingRegion>
      }
    >
      <ReactMarkdown>{children}</ReactMarkdown>
    </Suspense>
  );
}
