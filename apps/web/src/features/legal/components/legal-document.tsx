/** Layout of a legal page: title, last-updated line and numbered sections. */
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** A titled legal document (the route's single h1). */
export function LegalDocument({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-3xl px-6 py-10 sm:px-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">Last updated {updated}</p>
      <div className="mt-8 space-y-8 text-[0.9375rem] leading-7 text-slate-700">{children}</div>
    </Card>
  );
}

/** One section of a legal document with an h2 heading. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 space-y-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">{children}</div>
    </section>
  );
}
