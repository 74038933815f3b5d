/**
 * The signed-in user of a page that a guard (app/guards.tsx: SignedInOnly, AdminOnly) lets
 * through: the guard hands the user to its pages as React Router's outlet context. Here, in lib/,
 * so that features read it without importing app/ (docs/architecture.md "Map").
 */
import { useOutletContext } from 'react-router';
import type { User } from '@flockr/contract';

/** The signed-in user; only inside a guard's outlet (elsewhere it is undefined). */
export function useSignedInUser(): User {
  return useOutletContext<User>();
}
