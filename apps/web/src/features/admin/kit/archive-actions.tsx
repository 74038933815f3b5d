/**
 * A versioned row of the admin (program versions, changelog entries) and its actions: Restore
 * when archived; otherwise Edit, the row's own actions, and Archive. Nothing is ever deleted
 * (requirements §12).
 */
import type { ReactNode } from 'react';
import { Archive, ArchiveRestore, Pencil, type LucideIcon } from 'lucide-react';
import { Button, type ButtonVariant } from '../../../components/ui/button';
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
  onEdit: () => void;
  onArchive: () => void;
  onRestore: () => void;
}

/** The actions cell of the row for `version`, with the row's own actions (`children`). */
export function ArchiveActions({
  version,
  archived,
  busy,
  onEdit,
  onArchive,
  onRestore,
  children,
}: ArchiveActionsProps & { children?: ReactNode }) {
  const row = { version, busy };
  return (
    <div className="flex justify-end gap-1 whitespace-nowrap">
      {archived ? (
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
}

/**
 * A versioned row: dimmed when archived, `v{version}` first, then `cells`, then the actions
 * cell ({@link ArchiveActions} with `actions`).
 */
export function VersionRow({ version, archived, cells, actions, ...handlers }: VersionRowProps) {
  return (
    <tr className={archived ? 'text-slate-500' : undefined}>
      <td className={`${tdClass} font-semibold whitespace-nowrap text-slate-900`}>v{version}</td>
      {cells}
      <td className={`${tdClass} text-right`}>
        <ArchiveActions version={version} archived={archived} {...handlers}>
          {actions}
        </ArchiveActions>
      </td>
    </tr>
  );
}
