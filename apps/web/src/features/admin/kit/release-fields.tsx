/**
 * The Version and Release date fields of the forms that describe a release (requirements §5: a
 * program version, a changelog entry), with the contract's messages.
 */
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';

/** The fields every release form has. */
interface ReleaseValues {
  version: string;
  release_date: string;
}

/**
 * Version, then `children` (fields that sit between them), then Release date, registered on
 * `form` (any form whose schema has `version` and `release_date`).
 */
export function ReleaseFields<V extends ReleaseValues, O>({
  form,
  children,
}: {
  form: UseFormReturn<V, unknown, O>;
  children?: ReactNode;
}) {
  // Every release schema has these two fields; read them through the shared shape.
  const field = fieldProps(form as unknown as UseFormReturn<ReleaseValues>);
  return (
    <>
      <TextField label="Version" placeholder="1.4.0" autoComplete="off" {...field('version')} />
      {children}
      <TextField label="Release date" type="date" {...field('release_date')} />
    </>
  );
}
