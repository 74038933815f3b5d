/**
 * A versioned row of the admin (program versions, changelog entries) and its actions: Restore
 * when archived; otherwise Edit, the row's own actions, and Archive. Nothing is ever deleted
 * (requirements §12). A row that cannot be edited or archived yet has its own actions only.
 */
import type { ReactNode } from 'react';
import { Archive, ArchiveRestore, Pencil, type LucideIcon } from 'lucide-react';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { tdClass } from './admin-table';

/**
 * One small action of the row for `version`, shown as `label` with `icon` and named
 * "`label` version `version`" for screen readers; disabled while `busy`, spinning while `loading`.
 */
export function VersionAction({
  label,
  icon: Icon,
  version,
  busy,
  loading,
  variant = 'ghost',
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  version: string;
  busy: boolean;
  loading?: boolean;
  variant?: ButtonVariant;
  onClick: () => void;
}) {
  return (
    <Button
      variant={variant}
      size="sm"
      aria-label={`${label} version ${version}`}
      icon={<Icon aria-hidden="true" className="size-4" />}
      loading={loading}
      disabled={busy}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

/** The row's version and state, and what its Edit, Archive and Restore do. */
export interface ArchiveActionsProps {
  version: string;
  archived: boolean;
  /** True while the row saves: every button is disabled. */
  busy: boolean;
  /** False: no Edit, Archive or Restore (the row's own actions only). Default true. */
  editable?: boolean;
  onEdit: () => void;
  onArchive: () => void;
  onRestore: () => void;
}

/**
 * The actions cell of the row for `version`, with the row's own actions (`children`); with
 * `wrap` they may stack when the table is short of room (else they stay on one line).
 */
export function ArchiveActions({
  version,
  archived,
  busy,
  editable = true,
  wrap = false,
  onEdit,
  onArchive,
  onRestore,
  children,
}: ArchiveActionsProps & { children?: ReactNode; wrap?: boolean }) {
  const row = { version, busy };
  return (
    <div className={cn('flex justify-end gap-1 whitespace-nowrap', wrap && 'flex-wrap')}>
      {!editable ? (
        children
      ) : archived ? (
        <VersionAction
          label="Restore"
          icon={ArchiveRestore}
          variant="secondary"
          onClick={onRestore}
          {...row}
        />
      ) : (
        <>
          <VersionAction label="Edit" icon={Pencil} onClick={onEdit} {...row} />
          {children}
          <VersionAction label="Archive" icon={Archive} onClick={onArchive} {...row} />
        </>
      )}
    </div>
  );
}

/** Props of {@link VersionRow}: the row's version and state, its cells and its actions. */
export interface VersionRowProps extends ArchiveActionsProps {
  /** The cells between the version and the actions. */
  cells: ReactNode;
  /** The row's own actions, between Edit and Archive. */
  actions?: ReactNode;
  /** Before the version in its cell (e.g. a button that opens more of the row). */
  lead?: ReactNode;
  /** Under the version in its cell (e.g. badges). */
  marks?: ReactNode;
  /** The actions may stack when the table is short of room (a table of many columns). */
  wrapActions?: boolean;
}

/**
 * A versioned row: dimmed when archived, `v{version}` first (with `lead` before it and `marks`
 * under it), then `cells`, then the actions cell ({@link ArchiveActions} with `actions`).
 */
export function VersionRow({
  version,
  archived,
  cells,
  actions,
  lead,
  marks,
  wrapActions,
  ...handlers
}: VersionRowProps) {
  const name = <span className="font-semibold text-slate-900">v{version}</span>;
  return (
    <tr className={archived ? 'text-slate-500' : undefined}>
      <td className={`${tdClass} whitespace-nowrap`}>
        {lead || marks ? (
          <div className="flex items-start gap-1">
            {lead}
            <div>
              {name}
              {marks}
            </div>
          </div>
        ) : (
          name
        )}
      </td>
      {cells}
      <td className={`${tdClass} text-right`}>
        <ArchiveActions version={version} archived={archived} wrap={wrapActions} {...handlers}>
          {actions}
        </ArchiveActions>
      </td>
    </tr>
  );
}
