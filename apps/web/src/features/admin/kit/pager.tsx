/** Previous / Next paging with "Page X of Y" (admin lists; pages start at 1). */
import { Button } from '../../../components/ui/button';
import { formatCount } from '../../../lib/format';

/** Paging controls; `onPage` receives the page to show. Hidden when there is nothing to page. */
export function Pager({
  label,
  page,
  totalPages,
  total,
  estimate = false,
  noun,
  onPage,
}: {
  label: string;
  page: number;
  totalPages: number;
  total: number;
  /** The total is the server's estimate (contract `total_is_estimate`): say "about". */
  estimate?: boolean;
  /** Plural noun of the items, e.g. 'users'. */
  noun: string;
  onPage: (page: number) => void;
}) {
  if (totalPages < 1) return null;
  return (
    <nav
      aria-label={label}
      className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm sm:px-6"
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="text-slate-600">
        Page {page} of {estimate ? `about ${formatCount(totalPages)}` : formatCount(totalPages)}
        <span className="hidden text-slate-500 sm:inline">
          {' '}
          · {estimate ? 'about ' : ''}
          {formatCount(total)} {noun}
        </span>
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
