/** What an auth form's place shows while its code loads (client-side navigation only). */
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';

/**
 * Placeholders for `fields` labelled inputs and the full-width submit button, about the form's
 * size, so the card does not jump when the form arrives.
 */
export function AuthFormPlaceholder({ fields }: { fields: number }) {
  return (
    <LoadingRegion label="Loading the form…" className="block space-y-5">
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-11 rounded-lg" />
        </div>
      ))}
      <Skeleton className="h-12 rounded-lg" />
    </LoadingRegion>
  );
}
