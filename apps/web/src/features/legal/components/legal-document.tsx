/** Layout of a legal page: title, last-updated line and numbered sections. */
import type { ReactNode } from 'react';
import type { SiteConfig } from '@flockr/contract';
import { Card } from '../../../components/ui/card';
import { JURISDICTION_PENDING } from './legal-texts';

/** Props of a legal page: the product's name and the site configuration (undefined while loading). */
export interface LegalPageProps {
  productName: string;
  config: SiteConfig | undefined;
}

/**
 * What the legal texts quote from the site configuration (requirements §3): the support e-mail
 * (undefined while loading) and the jurisdiction (a neutral phrase while loading).
 */
export function legalFacts(config: SiteConfig | undefined): {
  email: string | undefined;
  jurisdiction: string;
} {
  return {
    email: config?.support_email,
    jurisdiction: config?.legal_jurisdiction ?? JURISDICTION_PENDING,
  };
}

/** A legal document titled `title` (the route's single h1), updated on `updated`, around its sections. */
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

/** One section of a legal document: an h2 `title` above `children`. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 space-y-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">{children}</div>
    </section>
  );
}
