/**
 * Live password strength meter (requirements §5): a bar of 5 segments, the label from
 * `passwordStrength()` (Very Weak … Strong) and the checklist of the five criteria.
 */
import { Check, X } from 'lucide-react';
import { PASSWORD_CRITERIA, passwordStrength } from '@flockr/contract';
import { cn } from './cn';

const segmentColour: Record<number, string> = {
  0: 'bg-red-500',
  1: 'bg-red-500',
  2: 'bg-orange-500',
  3: 'bg-amber-500',
  4: 'bg-lime-600',
  5: 'bg-emerald-600',
};

const labelColour: Record<number, string> = {
  0: 'text-red-700',
  1: 'text-red-700',
  2: 'text-orange-700',
  3: 'text-amber-700',
  4: 'text-lime-700',
  5: 'text-emerald-700',
};

/** Meter for `password`; `id` lets the password input reference it with aria-describedby. */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <div id={id} className="mt-3 space-y-2" data-testid="password-strength">
      <div className="flex items-center gap-3">
        <div className="flex flex-1 gap-1" aria-hidden="true">
          {[1, 2, 3, 4, 5].map((segment) => (
            <span
              key={segment}
              className={cn(
                'h-1.5 flex-1 rounded-full',
                password && segment <= score ? segmentColour[score] : 'bg-slate-200',
              )}
            />
          ))}
        </div>
        <p className="w-24 text-right text-xs font-semibold">
          <span className="sr-only">Password strength: </span>
          <span className={password ? labelColour[score] : 'text-slate-500'}>
            {password ? label : '—'}
          </span>
        </p>
      </div>
      <ul className="grid gap-1 text-xs sm:grid-cols-2">
        {PASSWORD_CRITERIA.map((criterion) => {
          const met = criterion.test(password);
          return (
            <li
              key={criterion.id}
              className={cn(
                'flex items-center gap-1.5',
                met ? 'text-emerald-700' : 'text-slate-600',
              )}
            >
              {met ? (
                <Check aria-hidden="true" className="size-3.5" />
              ) : (
                <X aria-hidden="true" className="size-3.5 text-slate-400" />
              )}
              {criterion.label}
              <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
