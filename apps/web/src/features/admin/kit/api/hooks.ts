/**
 * The two building blocks of every admin hook (requirements §7, `/admin/*`): a query that reads
 * one endpoint of the route table into the cache, and a change that calls the server, confirms
 * with a toast and refreshes every admin list (plus the public data it touched). Components use
 * the resource hooks built on these (users.ts, orders.ts, …), never `call` or `useMutation`.
 */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_PAGE_SIZE, type EndpointAt, type EndpointKey } from '@flockr/contract';
import { call, type AnswerOf, type ApiError, type CallInput } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { adminKeys } from './keys';

/** Options of {@link useAdminQuery}. */
export interface AdminQueryOptions<K extends EndpointKey> {
  /** Cache key (api/keys.ts). */
  key: QueryKey;
  /** Path params and query of the call, if it has any. */
  input?: CallInput<K>;
  /** Text shown when the answer carries none (requirements §8). */
  fallback: string;
  /** Keep the previous page on screen while the next one loads. */
  paged?: boolean;
  /** False holds the call back (e.g. no user chosen yet). */
  enabled?: boolean;
}

/**
 * Reads the endpoint at `endpoint` (its key, e.g. `'GET /admin/stats'`) into the cache under `key`;
 * the error is the {@link ApiError} to show.
 */
export function useAdminQuery<K extends EndpointKey>(
  endpoint: K,
  { key, input, fallback, paged = false, enabled = true }: AdminQueryOptions<K>,
): UseQueryResult<AnswerOf<K>, ApiError> {
  return useQuery<AnswerOf<K>, ApiError>({
    queryKey: key,
    queryFn: ({ signal }) => call(endpoint, input ?? ({} as CallInput<K>), { signal, fallback }),
    placeholderData: paged ? keepPreviousData : undefined,
    enabled,
  });
}

/** The query parameters of the endpoint at `K` as a client sends them. */
type QueryOf<K extends EndpointKey> =
  EndpointAt<K> extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;

/**
 * The filter of a paged list as the screen holds it (from the URL): `page`, and each of the
 * endpoint's other query parameters but `limit`, where '' means "any".
 */
export type PageFilter<K extends EndpointKey> = { page: number } & {
  [P in Exclude<keyof QueryOf<K>, 'page' | 'limit'>]?: NonNullable<QueryOf<K>[P]> | '';
};

/**
 * One page of a paged admin list (10 a page, newest first): `filter` becomes the query with
 * texts trimmed and '' left out, and keys the cache under `adminKeys.page(resource, query)`.
 */
export function useAdminPage<K extends EndpointKey>(
  endpoint: K,
  resource: string,
  filter: PageFilter<K>,
  fallback: string,
): UseQueryResult<AnswerOf<K>, ApiError> {
  const { page, ...rest } = filter as { page: number } & Record<string, unknown>;
  const query: Record<string, unknown> = { page, limit: ADMIN_PAGE_SIZE };
  for (const [name, raw] of Object.entries(rest)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value !== '' && value !== undefined) query[name] = value;
  }
  return useAdminQuery(endpoint, {
    key: adminKeys.page(resource, query),
    input: { query } as CallInput<K>,
    fallback,
    paged: true,
  });
}

/** Options of {@link useAdminChange}. */
export interface AdminChangeOptions<V, R> {
  /** The call(s) that make the change. */
  mutationFn: (variables: V) => Promise<R>;
  /** The toast confirming the change, from the server's answer. */
  success: (result: R, variables: V) => string;
  /** Keys of public data the change shows in too (e.g. `queryKeys.plans`). */
  refresh?: readonly QueryKey[];
}

/**
 * A change to admin data. On success: toasts `success(…)`, refreshes `refresh` and every admin
 * query, and stays pending until the admin lists have reloaded (so a row never flashes back to
 * its old value). The error is the {@link ApiError} to show next to what failed.
 */
export function useAdminChange<V, R>({
  mutationFn,
  success,
  refresh = [],
}: AdminChangeOptions<V, R>): UseMutationResult<R, ApiError, V> {
  const queryClient = useQueryClient();
  return useMutation<R, ApiError, V>({
    mutationFn,
    onSuccess: async (result, variables) => {
      toast.success(success(result, variables));
      for (const key of refresh) void queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/** Variables of an update of one item: its id and the endpoint's body, e.g. `{ id, status }`. */
export type UpdateOf<K extends EndpointKey> = { id: string } & (EndpointAt<K> extends {
  body: infer B extends z.ZodType;
}
  ? z.input<B>
  : never);

/**
 * A change of one item by id through `endpoint` (`PUT /admin/…/{id}…`): the variables are the id
 * and the body ({@link UpdateOf}); otherwise as {@link useAdminChange}.
 */
export function useAdminUpdate<K extends EndpointKey>(
  endpoint: K,
  options: Omit<AdminChangeOptions<UpdateOf<K>, AnswerOf<K>>, 'mutationFn'> & { fallback: string },
): UseMutationResult<AnswerOf<K>, ApiError, UpdateOf<K>> {
  const { fallback, ...rest } = options;
  return useAdminChange({
    ...rest,
    mutationFn: ({ id, ...body }: UpdateOf<K>) =>
      call(endpoint, { params: { id }, body } as unknown as CallInput<K>, { fallback }),
  });
}

/** What {@link latestError} reads of a mutation. */
type MutationState = Pick<UseMutationResult<unknown, ApiError, never>, 'error' | 'submittedAt'>;

/**
 * The error of whichever of `mutations` was started last: null once a newer change runs or
 * succeeds, so one message box can serve several row actions (users: status and role).
 */
export function latestError(...mutations: MutationState[]): ApiError | null {
  const last = mutations.reduce<MutationState | undefined>(
    (newest, m) => (!newest || m.submittedAt > newest.submittedAt ? m : newest),
    undefined,
  );
  return last?.error ?? null;
}
