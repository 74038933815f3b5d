/** Pro vs Pro+ comparison table of /plans (requirements §9, from PLAN_COMPARISON). */
import { Check, Minus } from 'lucide-react';
import { PLAN_COMPARISON } from '@flockr/contract';

/** Renders a table cell value: text, or a tick / dash for true / false. */
function CellValue({ value }: { value: string | boolean }) {
  if (typeof value === 'string') return <span className="font-medium text-slate-900">{value}</span>;
  return value ? (
    <>
      <Check aria-hidden="true" className="mx-auto size-5 text-emerald-600" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <Minus aria-hidden="true" className="mx-auto size-5 text-slate-400" />
      <span className="sr-only">Not included</span>
    </>
  );
}

/** A real table with column and row header cells. */
export function ComparisonTable() {
  return (
    <section aria-labelledby="comparison-heading" className="mt-20">
      <h2 id="comparison-heading" className="text-center text-2xl font-bold text-slate-900">
        Compare Pro and Pro+
      </h2>
      <p className="mt-2 text-center text-slate-600">See exactly what each paid plan includes.</p>
      <div className="mx-auto mt-8 max-w-3xl overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-card">
        <table className="w-full text-sm">
          <caption className="sr-only">Pro vs Pro+ feature comparison</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-4 py-3 text-left font-semibold text-slate-900 sm:px-6">
                Feature
              </th>
              <th
                scope="col"
                className="px-4 py-3 text-center font-semibold text-slate-900 sm:px-6"
              >
                Pro
              </th>
              <th
                scope="col"
                className="px-4 py-3 text-center font-semibold text-brand-700 sm:px-6"
              >
                Pro+
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {PLAN_COMPARISON.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="px-4 py-3 text-left font-normal text-slate-700 sm:px-6">
                  {row.feature}
                </th>
                <td className="px-4 py-3 text-center sm:px-6">
                  <CellValue value={row.pro} />
                </td>
                <td className="px-4 py-3 text-center sm:px-6">
                  <CellValue value={row.proPlus} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
